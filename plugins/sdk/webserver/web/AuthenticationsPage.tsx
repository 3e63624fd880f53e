import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EmptyState, QueryState, useManagedHost, WriteIconButton } from '../../web/index.tsx';
import { useState } from 'react';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type Authentication } from './model.ts';
import { AuthenticationDialog } from './AuthenticationDialog.tsx';
import { ConfirmDialog } from '../../web/index.tsx';
import { nestErrors } from '../../web/index.tsx';
import { SiteFrame } from './SiteFrame.tsx';

export function AuthenticationTable({
  items,
  onEdit,
  onDelete,
}: {
  items: Authentication[];
  onEdit: (a: Authentication) => void;
  onDelete: (a: Authentication) => void;
}) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('authentications.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('authentications.fields.vhost')}</TableCell>
            <TableCell>{t('authentications.fields.path')}</TableCell>
            <TableCell>{t('authentications.fields.realm')}</TableCell>
            <TableCell>{t('authentications.fields.users')}</TableCell>
            <TableCell align="right">{t('vhosts.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((a) => (
            <TableRow key={a.id} hover data-testid={`${pluginId}-authentication-row`}>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{a.vhostName}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{a.path === '/' ? t('authentications.wholeDomain') : a.path}</TableCell>
              <TableCell>{a.realm}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {a.users.map((u) => (
                    <Chip key={u.name} size="small" label={u.name} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title={t('authentications.edit')}>
                    <IconButton
                      size="small"
                      onClick={() => onEdit(a)}
                      aria-label={t('authentications.editOf', { path: a.path, name: a.vhostName })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('authentications.delete.title')}>
                    <WriteIconButton
                      size="small"
                      color="error"
                      onClick={() => onDelete(a)}
                      aria-label={t('authentications.deleteOf', { path: a.path, name: a.vhostName })}
                    >
                      <DeleteIcon fontSize="small" />
                    </WriteIconButton>
                  </Tooltip>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Basic authentication of every domain of the server. */
export function AuthenticationsPage() {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const vhosts = api.useVhosts(args);
  const list = api.useAuthentications(args);
  const [create] = api.useCreateAuthentication();
  const [update] = api.useUpdateAuthentication();
  const [remove] = api.useDeleteAuthentication();
  const [editing, setEditing] = useState<Authentication | 'new'>();
  const [toDelete, setToDelete] = useState<Authentication>();
  const domains = vhosts.data?.data ?? [];

  return (
    <SiteFrame tab="authentications">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('authentications.intro')}</Typography>
        <Box sx={{ flexShrink: 0 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={!domains.length}>
            {t('authentications.add')}
          </Button>
        </Box>
      </Stack>
      <QueryState query={list} loadingLabel={t('list.loading')} errorMessage={t('list.loadFailed')}>
        {(data) => (
          <Paper variant="outlined">
            {data.data.length === 0 ? (
              <EmptyState
                title={t('authentications.empty')}
                hint={domains.length ? t('authentications.emptyHint') : t('redirects.noDomains')}
              />
            ) : (
              <AuthenticationTable items={data.data} onEdit={setEditing} onDelete={setToDelete} />
            )}
          </Paper>
        )}
      </QueryState>
      {editing && (
        <AuthenticationDialog
          open
          vhosts={domains}
          authentication={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSubmit={async (body) => {
            const r = editing === 'new' ? await create({ ...args, body }) : await update({ ...args, authenticationId: editing.id, body });
            if ('error' in r) return nestErrors(host.submitErrors(r.error));
            host.notify('success', t('authentications.saved', { path: r.data.path, name: r.data.vhostName }));
            setEditing(undefined);
            return undefined;
          }}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('authentications.delete.title')}
        text={t('authentications.delete.text', { path: toDelete?.path ?? '', name: toDelete?.vhostName ?? '' })}
        confirm={t('authentications.delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await remove({ ...args, authenticationId: toDelete!.id });
          setToDelete(undefined);
          if ('error' in r) host.notifyFailure(r.error);
        }}
      />
    </SiteFrame>
  );
}
