import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useConfirmTwoFactorMutation, useEnableTwoFactorMutation, type TwoFactorActivation } from '../../../api/security';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { PasswordField } from './PasswordField';
import { RecoveryCodesList } from './RecoveryCodesList';
import { dialogFormSx } from './dialogForm';

const required = (t: (k: 'errors:validationField.required') => string) => (field: string) => (values: Record<string, string | undefined>) =>
  values[field]?.trim() ? {} : { [field]: t('errors:validationField.required') };

/** The key in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * §4 activation: password → QR code and key → confirmation with a code from the app → the recovery
 * codes with a success message. Everything (the password included) lives only in this dialog and is
 * gone when it closes.
 */
function ActivateTwoFactorFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const [enable] = useEnableTwoFactorMutation();
  const [confirm] = useConfirmTwoFactorMutation();
  const [activation, setActivation] = useState<TwoFactorActivation | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const need = required(t);

  if (codes)
    return (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {t('twoFactor.activated')}
            </Alert>
            <Typography variant="h3" component="h3">
              {t('twoFactor.recoveryTitle')}
            </Typography>
            <Typography color="text.secondary">{t('twoFactor.recoveryText')}</Typography>
            <RecoveryCodesList codes={codes} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t('close')}
          </Button>
        </DialogActions>
      </>
    );

  if (activation)
    return (
      <Form<{ code?: string }>
        validate={(v) => {
          const code = v.code?.replace(/\s/g, '') ?? '';
          if (!code) return { code: t('errors:validationField.required') };
          return /^\d{6}$/.test(code) ? {} : { code: t('twoFactor.codeFormat') };
        }}
        onSubmit={async (values) => {
          const result = await confirm({ code: values.code!.replace(/\s/g, '') });
          if ('error' in result) return submitErrors(result.error);
          setCodes(result.data.recoveryCodes);
          return undefined;
        }}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
            <DialogContent>
              <Stack spacing={2}>
                <Typography>{t('twoFactor.scanText')}</Typography>
                <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                  <Box component="img" src={activation.qrCode} alt={t('twoFactor.qrAlt')} sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />
                </Box>
                <Box>
                  <Typography variant="body2" color="text.secondary" id="two-factor-secret-label">
                    {t('twoFactor.secretLabel')}
                  </Typography>
                  <Typography
                    aria-labelledby="two-factor-secret-label"
                    data-testid="two-factor-secret"
                    data-secret={activation.secret}
                    sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '1.05rem', wordBreak: 'break-all', userSelect: 'all' }}
                  >
                    {grouped(activation.secret)}
                  </Typography>
                </Box>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField
                  name="code"
                  label={t('twoFactor.codeLabel')}
                  required
                  autoFocus
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('cancel')}</Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('twoFactor.confirm')}
              </Button>
            </DialogActions>
          </Box>
        )}
      </Form>
    );

  return (
    <Form<{ password?: string }>
      validate={need('password')}
      onSubmit={async (values) => {
        const result = await enable({ password: values.password! });
        if ('error' in result) return submitErrors(result.error);
        setActivation(result.data);
        return undefined;
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{t('twoFactor.activatePasswordText')}</Typography>
              {submitError && (
                <Alert severity="error" role="alert">
                  {submitError}
                </Alert>
              )}
              <PasswordField name="password" label={t('twoFactor.passwordLabel')} required autoFocus />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="submit" variant="contained" disabled={submitting}>
              {t('twoFactor.continue')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Form>
  );
}

export function ActivateTwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Dialog open={open} onClose={(_, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby="activate-two-factor-title" maxWidth="sm" fullWidth>
      <DialogTitle id="activate-two-factor-title">{t('twoFactor.activateTitle')}</DialogTitle>
      {open && <ActivateTwoFactorFlow onClose={onClose} />}
    </Dialog>
  );
}
