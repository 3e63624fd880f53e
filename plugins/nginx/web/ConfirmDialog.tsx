import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  /** Colour of the confirming button (`error` for destructive actions). */
  color?: 'error' | 'primary' | 'warning';
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}

/** Asks before a destructive action; the cancel button has the focus, Escape closes. */
export function ConfirmDialog({ open, title, text, confirm, color = 'error', onConfirm, onClose }: Props) {
  const { t } = useTranslation('nginx');
  const id = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={color}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
