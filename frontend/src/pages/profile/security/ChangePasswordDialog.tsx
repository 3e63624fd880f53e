import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useUpdatePasswordMutation } from '../../../api/security';
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
}

/** §5 change password: the old password; the new one, 12–255 characters (its strength is the server's rule); its repetition. */
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
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title" maxWidth="xs" fullWidth>
      {open && (
        <Form<Values>
          subscription={{ submitting: true, submitError: true, values: true }}
          validate={validatePasswordChange}
          onSubmit={async (values) => {
            const result = await update({ password_old: values.password_old!, password: values.password!, password_confirmation: values.password_confirmation! });
            if ('error' in result) return submitErrors(result.error);
            const ended = result.data.otherSessionsEnded;
            dispatch(alertAdded({ type: 'success', message: ended ? t('password.changedOthersEnded', { count: ended }) : t('password.changed') }));
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
