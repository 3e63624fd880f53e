import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useUpdatePasswordMutation } from '../../../api/security';
import { useListPersonalAccessTokensQuery } from '../../../api/tokens';
import { PasswordStrength } from '../../../forms/PasswordStrength';
import { submitErrors } from '../../../forms/submitErrors';
import { collectErrors, confirmationMessage, passwordLengthMessage, requiredMessage } from '../../../forms/validators';
import { useGetMeQuery } from '../../../api/session';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';
import { PasswordField } from './PasswordField';
import { dialogFormSx } from './dialogForm';

interface Values {
  password_old?: string;
  password?: string;
  password_confirmation?: string;
  /** Also delete every personal access token (default on; issue 8, defect 2). */
  revoke_tokens?: boolean;
}

const initialValues: Values = { revoke_tokens: true };

/**
 * §5 change password: the old password; the new one, 12–255 characters (its strength is the server's
 * rule); its repetition; and whether the personal access tokens (their number is shown) go too.
 */
export const validatePasswordChange = (values: Values) =>
  collectErrors({
    password_old: requiredMessage(values.password_old),
    password: passwordLengthMessage(values.password),
    password_confirmation: confirmationMessage(values.password_confirmation, values.password),
  });

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const dispatch = useAppDispatch();
  const [update] = useUpdatePasswordMutation();
  const { data: me } = useGetMeQuery();
  // Only the total is needed: how many tokens the change would delete.
  const tokens = useListPersonalAccessTokensQuery({ per_page: 1 }, { skip: !open });
  const tokenCount = tokens.data?.meta.total ?? 0;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title" maxWidth="xs" fullWidth>
      {open && (
        <Form<Values>
          initialValues={initialValues}
          subscription={{ submitting: true, submitError: true, values: true }}
          validate={validatePasswordChange}
          onSubmit={async (values) => {
            const result = await update({
              password_old: values.password_old!,
              password: values.password!,
              password_confirmation: values.password_confirmation!,
              revoke_tokens: values.revoke_tokens !== false,
            });
            if ('error' in result) return submitErrors(result.error);
            const ended = result.data.otherSessionsEnded;
            const revoked = result.data.tokensRevoked;
            const message = [
              ended ? t('password.changedOthersEnded', { count: ended }) : t('password.changed'),
              revoked ? t('password.tokensRevoked', { count: revoked }) : '',
            ].filter(Boolean).join(' ');
            dispatch(alertAdded({ type: 'success', message }));
            onClose();
            return undefined;
          }}
        >
          {({ handleSubmit, submitting, submitError, values }) => (
            <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
              <DialogTitle id="change-password-title">{t('password.dialogTitle')}</DialogTitle>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  <PasswordField name="password_old" label={t('password.old')} required autoFocus />
                  <PasswordField name="password" label={t('password.new')} required autoComplete="new-password" helperText={t('password.hint')} />
                  <PasswordStrength password={values.password ?? ''} userInputs={me ? [me.email, me.firstname, me.surname] : []} />
                  <PasswordField name="password_confirmation" label={t('password.confirmation')} required autoComplete="new-password" />
                  {tokenCount > 0 && (
                    <Field name="revoke_tokens" type="checkbox">
                      {({ input }) => (
                        <Box>
                          <FormControlLabel
                            control={<Checkbox {...input} slotProps={{ input: { 'aria-describedby': 'change-password-tokens-hint' } }} />}
                            label={t('password.revokeTokens', { count: tokenCount })}
                          />
                          <FormHelperText id="change-password-tokens-hint" sx={{ mt: 0 }}>
                            {t('password.revokeTokensHint')}
                          </FormHelperText>
                        </Box>
                      )}
                    </Field>
                  )}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{t('cancel')}</Button>
                <Button type="submit" variant="contained" disabled={submitting}>
                  {t('password.submit')}
                </Button>
              </DialogActions>
            </Box>
          )}
        </Form>
      )}
    </Dialog>
  );
}
