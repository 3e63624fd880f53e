import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret the portal shows exactly once (a generated service password after create or renew): a warning, the value
 * read-only and selected on focus with a copy button (the SDK's "Copy", then "Copied"), and one button that closes
 * it for good. The plugin supplies its texts.
 */
export function SecretOnceDialog({
  id,
  value,
  title,
  text,
  label,
  closeLabel,
  onClose,
}: {
  /** Prefix of the element ids (`<id>-title`, `<id>`). */
  id: string;
  /** The secret; the dialog is open while there is one. */
  value: string | undefined;
  title: string;
  text: string;
  label: string;
  closeLabel: string;
  onClose(): void;
}) {
  const { t } = useTranslation('sdk');
  // What the copy button did for the value shown (a new value starts over).
  const [copied, setCopied] = useState<{ value: string; ok: boolean }>();
  const state = copied && copied.value === value ? copied.ok : undefined;
  const copy = () => {
    const secret = value ?? '';
    const done = (ok: boolean) => setCopied({ value: secret, ok });
    if (!navigator.clipboard) return done(false);
    navigator.clipboard.writeText(secret).then(
      () => done(true),
      () => done(false),
    );
  };
  return (
    <Dialog open={value !== undefined} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{text}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              id={id}
              label={label}
              value={value ?? ''}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }} onClick={copy}>
              {state ? t('secret.copied') : t('secret.copy')}
            </Button>
          </Stack>
          <div role="status">{state === false && <Alert severity="error">{t('secret.copyFailed')}</Alert>}</div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {closeLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
