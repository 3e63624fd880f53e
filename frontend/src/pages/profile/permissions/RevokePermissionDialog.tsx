import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { PermissionRow } from './permissionRows';

/** §2: the delete confirmation, with its own title and text for a manager and for an administrator right. */
export function RevokePermissionDialog({
  row,
  busy,
  onCancel,
  onConfirm,
}: {
  row: PermissionRow | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (row: PermissionRow) => void;
}) {
  const { t } = useTranslation(['permissions', 'common']);
  const values = row
    ? { company: row.customer.company, number: row.customer.number, cluster: row.cluster?.number ?? '', name: row.cluster?.name ?? '' }
    : {};
  const kind = row?.role ?? 'manager';
  return (
    <Dialog open={!!row} onClose={busy ? undefined : onCancel} aria-labelledby="revoke-title" aria-describedby="revoke-text" maxWidth="sm" fullWidth>
      <DialogTitle id="revoke-title">{t(`revoke.${kind}.title`, values)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-text">{t(`revoke.${kind}.text`, values)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => row && onConfirm(row)}>
          {t(`revoke.${kind}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
