import { FormPage, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import { __camel__Api } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { ItemForm } from './ItemForm.tsx';

/** `create`: the form; after saving, back to the list, which follows the apply job. */
export function ItemFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const [create] = __camel__Api.useCreate__Pascal__ItemMutation();
  return (
    <FormPage title={t('form.title')}>
      <ItemForm
        onCancel={form.cancel}
        onSubmit={async (values) => form.done(await create({ clusterId: host.cluster.id, serverId: host.server.id, body: { name: values.name, value: values.value } }))}
      />
    </FormPage>
  );
}
