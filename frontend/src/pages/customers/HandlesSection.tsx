import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCustomerHandleMutation, useListCustomerHandlesQuery, type DomainHandle } from '../../api/customers';
import { useAppDispatch } from '../../store';
import { callFailed, notifySuccess } from '../../ui/notify';
import { HandleDialog } from './HandleDialog';

/** §2 handle overview with create, edit and delete; a handle used by a contract is refused on delete (§8). */
export function HandlesSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useListCustomerHandlesQuery(customerId);
  const [editing, setEditing] = useState<DomainHandle | null | 'new'>(null);
  const [deleting, setDeleting] = useState<DomainHandle | null>(null);
  const [remove, removeState] = useDeleteCustomerHandleMutation();

  const confirmDelete = async (h: DomainHandle) => {
    const result = await remove({ customerId, handleId: h.id });
    setDeleting(null);
    if ('error' in result) {
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    dispatch(notifySuccess('customers:handles.deleted', { handle: h.handle }));
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="handles-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h2" id="handles-heading" sx={{ flexGrow: 1 }}>
          {t('handles.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('handles.create')}
        </Button>
      </Box>
      {isLoading ? (
        <Skeleton height={80} />
      ) : isError || !data ? (
        <Alert severity="error">{t('handles.loadError')}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{t('handles.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="handles-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('handles.handle')}</TableCell>
                <TableCell>{t('handles.name')}</TableCell>
                <TableCell>{t('handles.fields.city')}</TableCell>
                <TableCell>{t('handles.usedBy')}</TableCell>
                <TableCell align="right">{t('team.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((h) => (
                <TableRow key={h.id} data-testid={`handle-${h.handle}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{h.handle}</TableCell>
                  <TableCell>
                    {h.company ? `${h.company} · ` : ''}
                    {h.firstname} {h.surname}
                  </TableCell>
                  <TableCell>{h.city}</TableCell>
                  <TableCell>{h.usedBy.length ? h.usedBy.map((u) => `${u.domain} (${t(`handles.roles.${u.role}`)})`).join(', ') : '–'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(h)}>
                      {t('handles.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(h)}>
                      {t('handles.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <HandleDialog customerId={customerId} handle={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-handle-title" maxWidth="sm" fullWidth>
        <DialogTitle id="delete-handle-title">{deleting && t('handles.deleteTitle', { handle: deleting.handle })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('handles.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common:cancel')}</Button>
          <Button color="error" variant="contained" disabled={removeState.isLoading} onClick={() => deleting && void confirmDelete(deleting)}>
            {t('handles.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
