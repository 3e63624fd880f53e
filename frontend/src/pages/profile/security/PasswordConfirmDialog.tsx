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
import { PasswordField } from './PasswordField';
import { dialogFormSx } from './dialogForm';

/**
 * A sensitive action that asks for the password first (show recovery codes, deactivate). `onConfirm`
 * answers submission errors or nothing; `result` replaces the form once the action is done.
 */
export function PasswordConfirmDialog({
  open,
  id,
  title,
  text,
  confirmLabel,
  danger,
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
  onConfirm: (password: string) => Promise<SubmissionErrors | undefined>;
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
        <Form<{ password?: string }>
          validate={(v) => (v.password ? {} : { password: t('errors:validationField.required') })}
          onSubmit={(values) => onConfirm(values.password!)}
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
