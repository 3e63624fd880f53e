import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useManagedHost, usePluginId } from '../runtime.tsx';
import { LoadingState } from './States.tsx';
import { WriteButton } from './WriteButton.tsx';

export interface FormPageProps {
  title: string;
  /** An edit page whose entry is still loading: a loading state instead of the form. */
  loading?: boolean;
  /** An edit page whose entry does not exist (unknown id, 404): a notice (`text`, default the SDK's) with a way back to the list. */
  notFound?: boolean | string;
  children: ReactNode;
}

/** A section's form page (create, edit): an outlined panel with the form's heading; loading and "not found" for edit pages. */
export function FormPage({ title, loading, notFound, children }: FormPageProps) {
  const { t } = useTranslation('sdk');
  const { listPath } = useSectionForm();
  if (notFound)
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={listPath} color="inherit" size="small">
            {t('form.back')}
          </Button>
        }
      >
        {typeof notFound === 'string' ? notFound : t('form.notFound')}
      </Alert>
    );
  if (loading) return <LoadingState />;
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

/**
 * What a section's form page does around its form: `listPath` (the section's start page), `cancel()`
 * (back to it) and `done(result)` for a mutation answering 202 — 422 → field errors for final-form,
 * else back to the list (or `to`, another page of the section, e.g. a detail page), which follows the job (`?job=`).
 */
export function useSectionForm() {
  const host = useManagedHost();
  const navigate = useNavigate();
  const listPath = host.sectionPath(usePluginId() ?? '');
  return {
    listPath,
    cancel: () => navigate(listPath),
    done: (result: { data: { id: number } } | { error: unknown }, to: string = listPath): SubmissionErrors | undefined => {
      if ('error' in result) return host.submitErrors(result.error);
      navigate(`${to}?job=${result.data.id}`);
      return undefined;
    },
  };
}
