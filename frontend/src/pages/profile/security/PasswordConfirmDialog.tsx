import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import type { SubmissionErrors } from 'final-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../forms/FormTextField';
import { PasswordField } from './PasswordField';
import { dialogFormSx } from './dialogForm';

/**
 * A sensitive action that asks for the password first (show recovery codes, deactivate). With
 * `secondFactor` it also asks for a code from the authenticator app or a recovery code (one field: six
 * digits are a code, anything else a recovery code). `onConfirm` answers submission errors or nothing;
 * `result` replaces the form once the action is done.
 */
export function PasswordConfirmDialog({
  open,
  id,
  title,
  text,
  confirmLabel,
  danger,
  secondFactor,
  onConfirm,
  onClose,
  result,
}: {
  open: boolean;
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  secondFactor?: boolean;
  onConfirm: (password: string, factor: { code?: string; recoveryCode?: string }) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
  result?: ReactNode;
}) {
  const { t } = useTranslation(['security', 'errors']);
  return (
    <Dialog open={open} onClose={(_, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {open && result ? (
        <>
          <DialogContent>{result}</DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('close')}
            </Button>
          </DialogActions>
        </>
      ) : open ? (
        <Form<{ password?: string; secondFactor?: string }>
          validate={(v) => ({
            ...(v.password ? {} : { password: t('errors:validationField.required') }),
            ...(secondFactor && !v.secondFactor?.trim() ? { secondFactor: t('errors:validationField.required') } : {}),
          })}
          onSubmit={async (values) => {
            const entered = values.secondFactor?.trim() ?? '';
            const factor = !secondFactor ? {} : /^\d{3} ?\d{3}$/.test(entered) ? { code: entered.replace(' ', '') } : { recoveryCode: entered };
            const errors = await onConfirm(values.password!, factor);
            // The server names `code` or `recoveryCode`; both belong to the one field.
            if (!errors || !secondFactor) return errors;
            const { code, recoveryCode, ...rest } = errors as Record<string, unknown>;
            return code || recoveryCode ? { ...rest, secondFactor: code ?? recoveryCode } : errors;
          }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <Box component="form" onSubmit={handleSubmit} noValidate sx={dialogFormSx}>
              <DialogContent>
                <Stack spacing={2}>
                  <Typography>{text}</Typography>
                  {submitError && (
                    <Alert severity="error" role="alert">
                      {submitError}
                    </Alert>
                  )}
                  <PasswordField name="password" label={t('twoFactor.passwordLabel')} required autoFocus />
                  {secondFactor && (
                    <FormTextField
                      name="secondFactor"
                      label={t('twoFactor.secondFactorLabel')}
                      helperText={t('twoFactor.secondFactorHelp')}
                      required
                      autoComplete="one-time-code"
                      slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
                    />
                  )}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{t('cancel')}</Button>
                <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={submitting}>
                  {confirmLabel}
                </Button>
              </DialogActions>
            </Box>
          )}
        </Form>
      ) : null}
    </Dialog>
  );
}
