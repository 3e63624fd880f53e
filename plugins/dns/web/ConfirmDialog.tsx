import Alert from '@mui/material/Alert';
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
  color?: 'error' | 'primary' | 'warning';
  /** Resolves with an error message to show in the dialog, or nothing when done. */
  onConfirm: () => Promise<string | undefined>;
  onClose: () => void;
}

/** Asks before a destructive action; Cancel has the focus, Escape closes; a refusal shows in the dialog. */
export function ConfirmDialog({ open, title, text, confirm, color = 'error', onConfirm, onClose }: Props) {
  const { t } = useTranslation('dns');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={color}
          disabled={busy || !!error}
          onClick={async () => {
            setBusy(true);
            try {
              const message = await onConfirm();
              if (message) setError(message);
              else setError(undefined);
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
