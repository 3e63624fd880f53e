import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { authorizedKeysPath, type SshUser } from '../shared/users.ts';
import { sshApi, type SshKey } from './api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FilesPanel } from './FilesPanel.tsx';
import { JobBanner } from './JobBanner.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { UserKeys } from './UserKeys.tsx';

/** The error message key of a failed call (`errors.managed_no_previous_version`). */
const messageOf = (e: unknown) => (e as { data?: { error?: { message?: string } } } | undefined)?.data?.error?.message;

/** The section's start page: keys per user, the running apply, the files, undo. */
export function SshKeysPage() {
  const { t } = useTranslation('ssh');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = sshApi.useListSshKeysQuery(args);
  const [filesWanted, setFilesWanted] = useState(false);
  const files = sshApi.useGetSshAuthorizedKeysFilesQuery(args, { skip: !filesWanted });
  const [deleteKey] = sshApi.useDeleteSshKeyMutation();
  const [updateKey] = sshApi.useUpdateSshKeyMutation();
  const [applyFiles, applying] = sshApi.useApplySshKeysMutation();
  const [rollBack] = sshApi.useRollBackSshMutation();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [toDelete, setToDelete] = useState<SshKey>();
  const [toRename, setToRename] = useState<SshKey>();
  const [confirmRollback, setConfirmRollback] = useState(false);

  const follow = (id: number) => setParams({ job: String(id) }, { replace: true });
  const refresh = () => {
    void list.refetch();
    if (filesWanted) void files.refetch();
  };
  const keys = list.data?.data ?? [];

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('list.intro')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button startIcon={<UndoIcon />} onClick={() => setConfirmRollback(true)}>
            {t('rollback.button')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('ssh', 'create')}>
            {t('list.create')}
          </Button>
        </Stack>
      </Stack>

      {jobId && <JobBanner key={jobId} jobId={jobId} onFinished={refresh} onClose={() => setParams({}, { replace: true })} />}

      {list.isLoading && <LinearProgress aria-label={t('list.loading')} />}
      {list.isError && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void list.refetch()}>{t('list.retry')}</Button>}>
          {t('list.loadFailed')}
        </Alert>
      )}
      {list.data && keys.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="ssh-empty">
          <Typography variant="h6" component="p">
            {t('list.empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('list.emptyHint')}
          </Typography>
          <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('ssh', 'create')}>
            {t('list.create')}
          </Button>
        </Paper>
      )}
      {list.data && keys.length > 0 && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {list.data.users.map((user) => (
            <UserKeys
              key={user}
              user={user}
              path={authorizedKeysPath(user as SshUser)}
              keys={keys.filter((k) => k.user === user)}
              onRename={setToRename}
              onDelete={setToDelete}
              onCopy={async (k) => {
                try {
                  await window.navigator.clipboard.writeText(k.fingerprint);
                  host.notify('success', t('list.copied'));
                } catch {
                  /* no clipboard access: the fingerprint stays selectable */
                }
              }}
            />
          ))}
        </Box>
      )}

      <FilesPanel
        data={files.data}
        loading={files.isFetching}
        onOpen={() => setFilesWanted(true)}
        applying={applying.isLoading}
        onApply={async () => {
          const r = await applyFiles(args);
          if ('error' in r) host.notifyFailure(r.error);
          else follow(r.data.id);
        }}
      />

      <RenameDialog
        key={toRename?.id ?? 0}
        open={!!toRename}
        label={toRename?.label ?? ''}
        onClose={() => setToRename(undefined)}
        onSubmit={async (label) => {
          const r = await updateKey({ ...args, keyId: toRename!.id, label });
          if ('error' in r) return host.submitErrors(r.error);
          setToRename(undefined);
          follow(r.data.id);
          return undefined;
        }}
      />
      <ConfirmDialog
        open={!!toDelete}
        title={t('delete.title')}
        text={toDelete ? t('delete.text', { label: toDelete.label, fingerprint: toDelete.fingerprint, user: toDelete.user }) : ''}
        confirm={t('delete.confirm')}
        cancel={t('delete.cancel')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          const r = await deleteKey({ ...args, keyId: toDelete!.id });
          setToDelete(undefined);
          if ('error' in r) host.notifyFailure(r.error);
          else follow(r.data.id);
        }}
      />
      <ConfirmDialog
        open={confirmRollback}
        title={t('rollback.title')}
        text={t('rollback.text')}
        confirm={t('rollback.confirm')}
        cancel={t('rollback.cancel')}
        color="warning"
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          const r = await rollBack(args);
          setConfirmRollback(false);
          if ('error' in r) {
            if (messageOf(r.error) === 'errors.managed_no_previous_version') host.notify('info', t('rollback.none'));
            else host.notifyFailure(r.error);
          } else follow(r.data.id);
        }}
      />
    </Stack>
  );
}
