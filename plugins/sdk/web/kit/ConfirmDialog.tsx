import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WriteButton } from './WriteButton.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen; a string or richer content (it is the dialog's description). */
  text: ReactNode;
  /** Label of the confirming button, naming the action ("Delete job"). */
  confirm: string;
  /** Label of the cancel button (default: the SDK's "Cancel"). */
  cancel?: string;
  /** Colour of the confirming button: `error` (default) for destructive actions, `warning` for rollbacks. */
  color?: 'error' | 'primary' | 'warning';
  /**
   * Runs on confirm; the buttons are disabled until it settles. It closes the dialog itself when done,
   * or resolves with a message why the action was refused: shown in the dialog, confirm disabled.
   */
  onConfirm: () => Promise<string | undefined | void> | string | undefined | void;
  onClose: () => void;
  /** Extra content under the text (e.g. a message why the action was refused). */
  children?: ReactNode;
}

/** Asks before a destructive action. The cancel button has the focus (Enter does not destroy), Escape closes. */
export function ConfirmDialog({ open, title, text, confirm, cancel, color = 'error', onConfirm, onClose, children }: ConfirmDialogProps) {
  const { t } = useTranslation('sdk');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} component="div">
          {text}
        </DialogContentText>
        {children}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus disabled={busy}>
          {cancel ?? t('confirm.cancel')}
        </Button>
        <WriteButton
          variant="contained"
          color={color}
          disabled={busy || !!refusal}
          onClick={async () => {
            setBusy(true);
            try {
              setRefusal((await onConfirm()) || undefined);
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirm}
        </WriteButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The row a confirm dialog asks about: `ask(row)` opens it, `dialog` are the dialog's `open`/`onClose`,
 * `run(fn)` does the action for the row and closes the dialog (`onConfirm={() => del.run((job) => …)}`).
 */
export function useConfirm<T>() {
  const [item, setItem] = useState<T>();
  const close = () => setItem(undefined);
  return {
    item,
    ask: (row: T) => setItem(() => row),
    dialog: { open: item !== undefined, onClose: close },
    run: async (fn: (row: T) => Promise<unknown>) => {
      if (item !== undefined) await fn(item);
      close();
    },
  };
}
