import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ApplyJobBanner, ConfirmDialog, useConfirm, EmptyState, QueryState, RenderedFilesPanel, SectionHeader, TextFieldDialog, useApply, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { authorizedKeysPath, checkLabel, type SshUser } from '../shared/users.ts';
import { sshApi, sshClient } from '../generated/client.ts';
import { UserKeys, type SshKey } from './UserKeys.tsx';

/** The section's start page: keys per user, the running apply, the files, undo. */
export function SshKeysPage() {
  const { t } = useTranslation('ssh');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = sshApi.useListSshKeysQuery(args);
  const [deleteKey] = sshApi.useDeleteSshKeyMutation();
  const [updateKey] = sshApi.useUpdateSshKeyMutation();
  const apply = useApply(sshClient);
  const del = useConfirm<SshKey>();
  const [toRename, setToRename] = useState<SshKey>();

  const create = (
    <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('ssh', 'create')}>
      {t('list.create')}
    </Button>
  );

  return (
    <Stack spacing={3}>
      <SectionHeader apply={apply} intro={t('list.intro')} rollBackText={t('rollback.text')} create={{ label: t('list.create'), to: host.sectionPath('ssh', 'create') }} />

      <ApplyJobBanner apply={apply} />

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
                onDelete={del.ask}
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

      <RenderedFilesPanel apply={apply} title={t('file.title')} none={t('file.none')} />

      <TextFieldDialog
        key={toRename?.id ?? 0}
        open={!!toRename}
        title={t('rename.title')}
        label={t('rename.label')}
        name="label"
        value={toRename?.label ?? ''}
        submit={t('rename.submit')}
        maxLength={100}
        check={(label) => {
          const p = checkLabel(label);
          return p ? t(`errors.label_${p}`) : undefined;
        }}
        onClose={() => setToRename(undefined)}
        onSubmit={async (label) => {
          const r = await apply.track(updateKey({ ...args, keyId: toRename!.id, body: { label } }), { notify: false });
          if (r.error) return host.submitErrors(r.error);
          setToRename(undefined);
          return undefined;
        }}
      />
      <ConfirmDialog
        {...del.dialog}
        title={t('delete.title')}
        text={del.item ? t('delete.text', { label: del.item.label, fingerprint: del.item.fingerprint, user: del.item.user }) : ''}
        confirm={t('delete.confirm')}
        onConfirm={() => del.run((key) => apply.track(deleteKey({ ...args, keyId: key.id })))}
      />
    </Stack>
  );
}
