import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { checkLabel } from '../shared/users.ts';
import { FormActions, FormError, FormTextField, type ResultOf } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

export interface SshKeyValues {
  user: string;
  publicKey: string;
  label: string;
}

/** What reading a key gave: its facts, or the (translated) reason it is refused. */
export type Inspection = { ok: true; key: ResultOf<'inspectSshKey'> } | { ok: false; message: string };

interface Props {
  users: readonly string[];
  initialValues: SshKeyValues;
  /** Asks the server to read a key (type, bits, fingerprint) without storing it. */
  onInspect: (publicKey: string) => Promise<Inspection | undefined>;
  onSubmit: (values: SshKeyValues) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
}

/** Reads the pasted key (debounced) and fills the label from its comment while the label is untouched. */
function KeyInspector({ publicKey, onInspect, form }: { publicKey: string; onInspect: Props['onInspect']; form: FormApi<SshKeyValues> }) {
  const { t } = useT();
  const [state, setState] = useState<{ for: string; done: boolean; result?: Inspection }>();
  const suggested = useRef('');
  // The latest callbacks, so a parent's re-render (a new function) does not restart a running check.
  const latest = useRef({ onInspect, form });
  useEffect(() => {
    latest.current = { onInspect, form };
  });
  // After a refused save the reason shows under the field already.
  const { meta } = useField('publicKey', { subscription: { submitError: true, dirtySinceLastSubmit: true } });
  const shownUnderField = !!meta.submitError && !meta.dirtySinceLastSubmit;
  const text = publicKey.trim();
  useEffect(() => {
    if (!text) return undefined;
    let current = true;
    const timer = setTimeout(async () => {
      setState({ for: text, done: false });
      const result = await latest.current.onInspect(text);
      if (!current) return;
      setState({ for: text, done: true, result });
      const { form: f } = latest.current;
      if (result?.ok && result.key.suggestedLabel) {
        const label = f.getState().values.label ?? '';
        if (!label.trim() || label === suggested.current) {
          f.change('label', result.key.suggestedLabel);
          suggested.current = result.key.suggestedLabel;
        }
      }
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  if (!text || state?.for !== text) return null;
  if (!state.done) return <LinearProgress aria-label={t('form.checking')} />;
  // The check itself failed (network, server): the server still checks the key when it is saved.
  if (!state.result) return null;
  if (!state.result.ok)
    return shownUnderField ? null : (
      <Alert severity="warning" variant="outlined" data-testid="ssh-key-problem">
        {state.result.message}
      </Alert>
    );
  const key = state.result.key;
  return (
    <Alert severity="success" variant="outlined" data-testid="ssh-key-recognised" aria-live="polite">
      <Typography variant="subtitle2">{t('form.recognised')}</Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, '& dd': { m: 0 } }}
      >
        <dt>{t('form.type')}</dt>
        <dd>{typeName(key.type)}</dd>
        <dt>{t('form.bits')}</dt>
        <dd>{t('form.bitsValue', { bits: key.bits })}</dd>
        <dt>{t('form.fingerprint')}</dt>
        <dd>
          <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="ssh-key-fingerprint">
            {key.fingerprint}
          </Box>
        </dd>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('form.compare')}
      </Typography>
    </Alert>
  );
}

/** User, the public key with what the server reads from it, and the label. */
export function SshKeyForm({ users, initialValues, onInspect, onSubmit, onCancel }: Props) {
  const { t } = useT();
  return (
    <Form<SshKeyValues>
      initialValues={initialValues}
      validate={(v) => {
        const errors: Partial<Record<keyof SshKeyValues, string>> = {};
        if (!v.user || !users.includes(v.user)) errors.user = t('errors.user_unknown');
        if (!v.publicKey?.trim()) errors.publicKey = t('errors.required');
        const label = checkLabel(v.label ?? '');
        if (label) errors.label = t(`errors.label_${label}`);
        return errors;
      }}
      onSubmit={onSubmit}
    >
      {({ handleSubmit, submitting, submitError, values, form }) => (
        <Stack component="form" onSubmit={handleSubmit} noValidate spacing={3} aria-label={t('form.title')} sx={{ maxWidth: 760 }}>
          <FormError error={submitError} />
          <FormTextField name="user" select label={t('form.user')} helperText={t('form.userHelp')} required sx={{ maxWidth: 320 }}>
            {users.map((u) => (
              <MenuItem key={u} value={u}>
                {u}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            name="publicKey"
            label={t('form.publicKey')}
            helperText={t('form.publicKeyHelp')}
            required
            autoFocus
            multiline
            minRows={3}
            maxRows={8}
            placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… anna@laptop"
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace', fontSize: '0.8125rem' } } }}
          />
          <KeyInspector publicKey={values.publicKey ?? ''} onInspect={onInspect} form={form} />
          <FormTextField
            name="label"
            label={t('form.label')}
            helperText={t('form.labelHelp')}
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormActions submitting={submitting} submit={t('form.submit')} onCancel={onCancel} />
        </Stack>
      )}
    </Form>
  );
}

/** `ssh-ed25519` → `Ed25519`, `ecdsa-sha2-nistp384` → `ECDSA P-384`, `ssh-rsa` → `RSA`. */
export function typeName(type: string): string {
  if (type === 'ssh-ed25519') return 'Ed25519';
  if (type === 'ssh-rsa') return 'RSA';
  const curve = /^ecdsa-sha2-nistp(\d+)$/.exec(type)?.[1];
  return curve ? `ECDSA P-${curve}` : type;
}
