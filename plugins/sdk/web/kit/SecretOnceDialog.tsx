import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/**
 * A secret the portal shows exactly once (a generated service password after create or renew): a warning, the value
 * read-only and selected on focus, and one button that closes it for good. The plugin supplies its texts.
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
  return (
    <Dialog open={value !== undefined} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{text}</Alert>
          <TextField
            id={id}
            label={label}
            value={value ?? ''}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            onFocus={(e) => e.target.select()}
          />
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
