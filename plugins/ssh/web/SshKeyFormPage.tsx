import { fieldErrorOf, FormPage, runtimeT, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import { useCallback } from 'react';
import { sshUsers } from '../shared/users.ts';
import type { BodyOf } from '@portal/openapi';
import { sshApi } from '../generated/client.ts';
import { SshKeyForm, type Inspection } from './SshKeyForm.tsx';
import { useT } from '../generated/i18n.ts';

/** `create`: the form; after saving, back to the list, which follows the apply job. */
export function SshKeyFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = sshApi.useListSshKeysQuery(args);
  const [inspect] = sshApi.useInspectSshKeyMutation();
  const [create] = sshApi.useCreateSshKeyMutation();
  const users = list.data?.users ?? [...sshUsers];
  const { clusterId, serverId } = args;

  const onInspect = useCallback(
    async (publicKey: string): Promise<Inspection | undefined> => {
      const r = await inspect({ clusterId, serverId, body: { publicKey } });
      if (!('error' in r)) return { ok: true, key: r.data };
      const key = fieldErrorOf(r.error, 'publicKey');
      return key ? { ok: false, message: runtimeT(t, key) } : undefined;
    },
    [inspect, clusterId, serverId, t],
  );

  return (
    <FormPage title={t('form.title')}>
        <SshKeyForm
          users={users}
          initialValues={{ user: users[0], publicKey: '', label: '' }}
          onInspect={onInspect}
          onCancel={form.cancel}
          onSubmit={async (values) => {
            const body = {
              user: values.user as BodyOf<'createSshKey'>['user'],
              label: values.label.trim(),
              publicKey: values.publicKey.trim(),
            };
            return form.done(await create({ ...args, body }));
          }}
        />
    </FormPage>
  );
}
