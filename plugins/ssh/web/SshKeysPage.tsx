import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { ResourcePage, TextFieldDialog, useManagedHost, type ResourceListContext } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { sshApi, sshClient } from '../generated/client.ts';
import { sshKeyResource } from '../generated/resources.ts';
import { authorizedKeysPath, checkLabel, type SshUser } from '../shared/users.ts';
import { UserKeys, type SshKey } from './UserKeys.tsx';
import { useT } from '../generated/i18n.ts';

type KeyList = { data: SshKey[]; total: number; users: SshUser[] };

/** The keys per user (one table each), copy a fingerprint, relabel in a dialog; delete is the resource page's. */
function KeysByUser({ answer, rows, remove, apply, empty }: ResourceListContext<SshKey, KeyList>) {
  const { t } = useT();
  const host = useManagedHost();
  const [updateKey] = sshApi.useUpdateSshKeyMutation();
  const [toRename, setToRename] = useState<SshKey>();
  if (rows.length === 0) return <Paper variant="outlined">{empty}</Paper>;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {answer.users.map((user) => (
          <UserKeys
            key={user}
            user={user}
            path={authorizedKeysPath(user)}
            keys={rows.filter((k) => k.user === user)}
            onRename={setToRename}
            onDelete={remove}
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
          const r = await apply.track(updateKey({ clusterId: host.cluster.id, serverId: host.server.id, keyId: toRename!.id, body: { label } }), { notify: false });
          if (r.error) return host.submitErrors(r.error);
          setToRename(undefined);
          return undefined;
        }}
      />
    </>
  );
}

/** The section's start page: the SDK's resource page with the keys grouped by user. */
export function SshKeysPage() {
  return <ResourcePage<SshKey, KeyList> resource={sshKeyResource} api={sshApi} client={sshClient} list={(c) => <KeysByUser {...c} />} />;
}
