import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { SubmissionErrors } from 'final-form';
import { useId } from 'react';
import { Form } from 'react-final-form';
import { useWebServer, useFamilyT, type FamilyT } from './context.tsx';
import { locationPathValid, redirectCodes, redirectTargetValid } from '../shared/index.ts';
import type { Redirect, RedirectInput, Vhost } from './model.ts';
import { FormSelect, FormTextField, WriteButton } from '../../web/index.tsx';

interface Values {
  vhostId: number | '';
  source: string;
  target: string;
  code: number;
}

export function validateRedirect(v: Values, t: FamilyT) {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!v.vhostId) errors.vhostId = t('validation.required');
  if (!v.source.trim()) errors.source = t('validation.required');
  else if (!locationPathValid(v.source.trim())) errors.source = t('errors.path_invalid');
  if (!v.target.trim()) errors.target = t('validation.required');
  else if (!redirectTargetValid(v.target.trim())) errors.target = t('errors.redirect_target_invalid');
  else if (v.target.trim() === v.source.trim()) errors.target = t('errors.redirect_loop');
  return errors;
}

interface Props {
  open: boolean;
  vhosts: Pick<Vhost, 'id' | 'serverNames'>[];
  /** The redirect to change; a new one otherwise (`vhostId` preselects a domain). */
  redirect?: Redirect;
  vhostId?: number;
  onSubmit: (body: RedirectInput) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}

/** Adds or changes a redirect: domain, exact source path, target path or URL, status code. */
export function RedirectDialog({ open, vhosts, redirect, vhostId, onSubmit, onClose }: Props) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const id = useId();
  const initialValues: Values = redirect
    ? { vhostId: redirect.vhostId, source: redirect.source, target: redirect.target, code: redirect.code }
    : { vhostId: vhostId ?? (vhosts.length === 1 ? vhosts[0].id : ''), source: '', target: '', code: 301 };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Form<Values>
        initialValues={initialValues}
        validate={(v) => validateRedirect(v, t)}
        onSubmit={(v) =>
          onSubmit({ vhostId: Number(v.vhostId), source: v.source.trim(), target: v.target.trim(), code: v.code as RedirectInput['code'] })
        }
      >
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>{redirect ? t('redirects.editTitle') : t('redirects.createTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2.5} sx={{ pt: 1 }}>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormSelect
                  name="vhostId"
                  label={t('redirects.fields.vhost')}
                  required
                  options={vhosts.map((v) => ({ value: v.id, label: v.serverNames[0] }))}
                />
                <FormTextField
                  name="source"
                  label={t('redirects.fields.source')}
                  required
                  placeholder="/alte-seite.html"
                  helperText={t('redirects.fields.sourceHint')}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                  autoFocus
                />
                <FormTextField
                  name="target"
                  label={t('redirects.fields.target')}
                  required
                  placeholder="/neue-seite"
                  helperText={t('redirects.fields.targetHint')}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                />
                <FormSelect
                  name="code"
                  label={t('redirects.fields.code')}
                  options={redirectCodes.map((c) => ({ value: c, label: t(`redirects.codes.${c}`) }))}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('actions.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submitting ? t('actions.saving') : t('actions.save')}
              </WriteButton>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
