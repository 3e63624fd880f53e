import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WriteButton } from './WriteButton.tsx';

/** A section's form page (create, edit): an outlined panel with the form's heading. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

export interface FormActionsProps {
  submitting?: boolean;
  /** The submit button's label, naming what happens ("Add and apply"). */
  submit: string;
  onCancel: () => void;
}

/** Submit ("Saving …" while it runs) and Cancel (the SDK's), both disabled while submitting. */
export function FormActions({ submitting, submit, onCancel }: FormActionsProps) {
  const { t } = useTranslation('sdk');
  return (
    <Stack direction="row" spacing={2}>
      <WriteButton type="submit" variant="contained" disabled={submitting}>
        {submitting ? t('form.saving') : submit}
      </WriteButton>
      <Button onClick={onCancel} disabled={submitting}>
        {t('confirm.cancel')}
      </Button>
    </Stack>
  );
}

/** A form-wide error (final-form's `submitError`), announced. */
export function FormError({ error }: { error: unknown }) {
  return error ? (
    <Alert severity="error" role="alert">
      {String(error)}
    </Alert>
  ) : null;
}
