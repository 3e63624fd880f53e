import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EmptyState, QueryState, useManagedHost, WriteIconButton } from '../../web/index.tsx';
import { useState } from 'react';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type Redirect } from './model.ts';
import { ConfirmDialog } from '../../web/index.tsx';
import { nestErrors } from '../../web/index.tsx';
import { SiteFrame } from './SiteFrame.tsx';
import { RedirectDialog } from './RedirectDialog.tsx';

/** The redirects of one list of redirects (any domains). */
export function RedirectTable({
  redirects,
  onEdit,
  onDelete,
}: {
  redirects: Redirect[];
  onEdit: (r: Redirect) => void;
  onDelete: (r: Redirect) => void;
}) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('redirects.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('redirects.fields.vhost')}</TableCell>
            <TableCell>{t('redirects.fields.source')}</TableCell>
            <TableCell>{t('redirects.fields.target')}</TableCell>
            <TableCell>{t('redirects.fields.code')}</TableCell>
            <TableCell align="right">{t('vhosts.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {redirects.map((r) => (
            <TableRow key={r.id} hover data-testid={`${pluginId}-redirect-row`}>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{r.vhostName}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>{r.source}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>{r.target}</TableCell>
              <TableCell>
                <Tooltip title={t(`redirects.codes.${r.code}`)}>
                  <Chip
                    size="small"
                    label={r.code}
                    color={r.code === 301 || r.code === 308 ? 'primary' : 'default'}
                    variant="outlined"
                    tabIndex={0}
                  />
                </Tooltip>
              </TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title={t('redirects.edit')}>
                    <IconButton size="small" onClick={() => onEdit(r)} aria-label={t('redirects.editOf', { source: r.source })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('redirects.delete.title')}>
                    <WriteIconButton
                      size="small"
                      color="error"
                      onClick={() => onDelete(r)}
                      aria-label={t('redirects.deleteOf', { source: r.source })}
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

/** Redirects of every domain of the server, filterable by domain. */
export function RedirectsPage() {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const vhosts = api.useVhosts(args);
  const list = api.useRedirects(args);
  const [create] = api.useCreateRedirect();
  const [update] = api.useUpdateRedirect();
  const [remove] = api.useDeleteRedirect();
  const [filter, setFilter] = useState<number | ''>('');
  const [editing, setEditing] = useState<Redirect | 'new'>();
  const [toDelete, setToDelete] = useState<Redirect>();
  const shown = (list.data?.data ?? []).filter((r) => !filter || r.vhostId === filter);
  const domains = vhosts.data?.data ?? [];

  return (
    <SiteFrame tab="redirects">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('redirects.intro')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexShrink: 0, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('redirects.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ minWidth: 220, flexGrow: { xs: 1, md: 0 } }}
          >
            <MenuItem value="">{t('redirects.allDomains')}</MenuItem>
            {domains.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.serverNames[0]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            disabled={!domains.length}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('redirects.add')}
          </Button>
        </Stack>
      </Stack>
      <QueryState query={list} loadingLabel={t('list.loading')} errorMessage={t('list.loadFailed')}>
        {() => (
          <Paper variant="outlined">
            {shown.length === 0 ? (
              <EmptyState title={t('redirects.empty')} hint={domains.length ? t('redirects.emptyHint') : t('redirects.noDomains')} />
            ) : (
              <RedirectTable redirects={shown} onEdit={setEditing} onDelete={setToDelete} />
            )}
          </Paper>
        )}
      </QueryState>
      {editing && (
        <RedirectDialog
          open
          vhosts={domains}
          redirect={editing === 'new' ? undefined : editing}
          vhostId={filter || undefined}
          onClose={() => setEditing(undefined)}
          onSubmit={async (body) => {
            const r = editing === 'new' ? await create({ ...args, body }) : await update({ ...args, redirectId: editing.id, body });
            if ('error' in r) return nestErrors(host.submitErrors(r.error));
            host.notify('success', t('redirects.saved', { source: r.data.source }));
            setEditing(undefined);
            return undefined;
          }}
        />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('redirects.delete.title')}
        text={t('redirects.delete.text', { source: toDelete?.source ?? '', name: toDelete?.vhostName ?? '' })}
        confirm={t('redirects.delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await remove({ ...args, redirectId: toDelete!.id });
          setToDelete(undefined);
          if ('error' in r) host.notifyFailure(r.error);
        }}
      />
    </SiteFrame>
  );
}
