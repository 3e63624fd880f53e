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
import { submitErrors } from '../../../forms/submitErrors';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';
import { PasswordField } from './PasswordField';
import { dialogFormSx } from './dialogForm';

interface Values {
  password_old?: string;
  password?: string;
  password_confirmation?: string;
}

/** §5 change password: the old password; the new one, 12–255 characters and strong (checked by the server); its repetition. */
export function validatePasswordChange(values: Values, t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.password_old) errors.password_old = t('errors:validationField.required');
  const length = [...(values.password ?? '')].length;
  if (!values.password) errors.password = t('errors:validationField.required');
  else if (length < 12) errors.password = t('security:password.tooShort');
  else if (length > 255) errors.password = t('security:password.tooLong');
  if (!values.password_confirmation) errors.password_confirmation = t('errors:validationField.required');
  else if (values.password && values.password_confirmation !== values.password) errors.password_confirmation = t('security:password.mismatch');
  return errors;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const dispatch = useAppDispatch();
  const [update] = useUpdatePasswordMutation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-title" maxWidth="xs" fullWidth>
      {open && (
        <Form<Values>
          validate={(v) => validatePasswordChange(v, t)}
          onSubmit={async (values) => {
            const result = await update({ password_old: values.password_old!, password: values.password!, password_confirmation: values.password_confirmation! });
            if ('error' in result) return submitErrors(result.error);
            const ended = result.data.otherSessionsEnded;
            dispatch(alertAdded({ type: 'success', message: ended ? t('password.changedOthersEnded', { count: ended }) : t('password.changed') }));
            onClose();
            return undefined;
          }}
        >
          {({ handleSubmit, submitting, submitError }) => (
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
