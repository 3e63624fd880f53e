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
import { useUpdateTwoFactorRecoveryPhoneMutation } from '../../../api/security';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';
import { dialogFormSx } from './dialogForm';

/** Add or edit the recovery phone number (the server checks and normalises it). */
export function RecoveryPhoneDialog({ open, current, onClose }: { open: boolean; current: string | null; onClose: () => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const dispatch = useAppDispatch();
  const [save] = useUpdateTwoFactorRecoveryPhoneMutation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="recovery-phone-title" maxWidth="xs" fullWidth>
      {open && (
        <Form<{ phone_number?: string }>
          initialValues={{ phone_number: current ?? '' }}
          validate={(v) => {
            const value = v.phone_number?.trim() ?? '';
            if (!value) return { phone_number: t('errors:validationField.required') };
            return /^\+?[0-9 ()/.-]{5,32}$/.test(value) ? {} : { phone_number: t('errors:invalid_phone') };
          }}
          onSubmit={async (values) => {
            const result = await save({ phone_number: values.phone_number!.trim() });
            if ('error' in result) return submitErrors(result.error);
            dispatch(alertAdded({ type: 'success', message: t('twoFactor.phone.saved') }));
            onClose();
            return undefined;
          }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
              <DialogTitle id="recovery-phone-title">{current ? t('twoFactor.phone.dialogEdit') : t('twoFactor.phone.dialogAdd')}</DialogTitle>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  <FormTextField name="phone_number" type="tel" label={t('twoFactor.phone.label')} helperText={t('twoFactor.phone.hint')} autoComplete="tel" required autoFocus />
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{t('cancel')}</Button>
                <Button type="submit" variant="contained" disabled={submitting}>
                  {t('save')}
                </Button>
              </DialogActions>
            </Box>
          )}
        </Form>
      )}
    </Dialog>
  );
}
