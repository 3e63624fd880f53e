import AddIcon from '@mui/icons-material/Add';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, ConfirmDialog, EmptyState, QueryState, useApply, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { authorizedKeysPath, type SshUser } from '../shared/users.ts';
import { sshApi, sshClient } from '../generated/client.ts';
import { FilesPanel } from './FilesPanel.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { UserKeys, type SshKey } from './UserKeys.tsx';

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
  const apply = useApply(sshClient);
  const [applying, setApplying] = useState(false);
  const [toDelete, setToDelete] = useState<SshKey>();
  const [toRename, setToRename] = useState<SshKey>();
  const [confirmRollback, setConfirmRollback] = useState(false);

  const create = (
    <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('ssh', 'create')}>
      {t('list.create')}
    </Button>
  );

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

      <ApplyJobBanner apply={apply} title={(_job, done) => t(done ? 'apply.titleDone' : 'apply.title')} />

      <QueryState
        query={list}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <Paper variant="outlined">
            <EmptyState title={t('list.empty')} hint={t('list.emptyHint')} action={create} testId="ssh-empty" />
          </Paper>
        }
      >
        {({ data: keys, users }) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            {users.map((user) => (
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
      </QueryState>

      <FilesPanel
        data={files.data}
        loading={files.isFetching}
        onOpen={() => setFilesWanted(true)}
        applying={applying}
        onApply={async () => {
          setApplying(true);
          await apply.applyNow().finally(() => setApplying(false));
        }}
      />

      <RenameDialog
        key={toRename?.id ?? 0}
        open={!!toRename}
        label={toRename?.label ?? ''}
        onClose={() => setToRename(undefined)}
        onSubmit={async (label) => {
          const r = await apply.track(updateKey({ ...args, keyId: toRename!.id, body: { label } }), { notify: false });
          if (r.error) return host.submitErrors(r.error);
          setToRename(undefined);
          return undefined;
        }}
      />
      <ConfirmDialog
        open={!!toDelete}
        title={t('delete.title')}
        text={toDelete ? t('delete.text', { label: toDelete.label, fingerprint: toDelete.fingerprint, user: toDelete.user }) : ''}
        confirm={t('delete.confirm')}
        onClose={() => setToDelete(undefined)}
        onConfirm={async () => {
          await apply.track(deleteKey({ ...args, keyId: toDelete!.id }));
          setToDelete(undefined);
        }}
      />
      <ConfirmDialog
        open={confirmRollback}
        title={t('rollback.title')}
        text={t('rollback.text')}
        confirm={t('rollback.confirm')}
        color="warning"
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          const outcome = await apply.rollBack();
          setConfirmRollback(false);
          if (outcome === 'nothing') host.notify('info', t('rollback.none'));
        }}
      />
    </Stack>
  );
}
