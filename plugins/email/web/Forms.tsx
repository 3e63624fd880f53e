import type { Schemas } from '@portal/openapi';
import { FormPage, ResourceForm, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { emailApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { mailAliasResource, mailboxResource, mailDomainResource } from '../generated/resources.ts';
import { PasswordDialog } from './PasswordDialog.tsx';

type Values = Record<string, unknown>;
const idOf = (raw: string | undefined) => (raw !== undefined && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : undefined);

/** `create` and `domains/:domainId/edit`: name (fixed once created), DKIM selector and the domain's BCC addresses. */
export function DomainFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const id = idOf(useParams().domainId);
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const get = emailApi.useGetMailDomainQuery({ ...args, domainId: id ?? 0 }, { skip: !id });
  const [create] = emailApi.useCreateMailDomainMutation();
  const [update] = emailApi.useUpdateMailDomainMutation();
  const d = get.data;
  const editing = useParams().domainId !== undefined;
  return (
    <FormPage title={t(editing ? 'form.domainEditTitle' : 'form.domainCreateTitle')} loading={editing && !d && !get.isError && !!id} notFound={editing && (!id || get.isError) && t('domain.notFound')}>
      {(!editing || d) && (
        <ResourceForm<Values>
          resource={mailDomainResource}
          mode={editing ? 'edit' : 'create'}
          initialValues={d ? { name: d.name, dkimSelector: d.dkimSelector, senderBcc: d.senderBcc, recipientBcc: d.recipientBcc } : { name: '', dkimSelector: 'mail', senderBcc: '', recipientBcc: '' }}
          fieldProps={{ name: { slotProps: { htmlInput: { readOnly: editing } } } }}
          onCancel={form.cancel}
          onSubmit={async (body) => form.done(d ? await update({ ...args, domainId: d.id, body: body as Schemas['MailDomainInput'] }) : await create({ ...args, body: body as Schemas['MailDomainInput'] }))}
        />
      )}
    </FormPage>
  );
}

/** `domains/:domainId/mailboxes/create` and `mailboxes/:mailboxId`: quota and BCC; a new mailbox's password is shown once. */
export function MailboxFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const navigate = useNavigate();
  const params = useParams();
  const id = idOf(params.mailboxId);
  const editing = params.mailboxId !== undefined;
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const get = emailApi.useGetMailboxQuery({ ...args, mailboxId: id ?? 0 }, { skip: !id });
  const [create] = emailApi.useCreateMailboxMutation();
  const [update] = emailApi.useUpdateMailboxMutation();
  const [created, setCreated] = useState<Schemas['MailboxCreated'] | undefined>();
  const m = get.data;
  const domainId = m?.domainId ?? idOf(params.domainId) ?? 0;
  const detail = host.sectionPath('email', `domains/${domainId}`);
  return (
    <FormPage title={t(editing ? 'form.mailboxEditTitle' : 'form.mailboxCreateTitle')} loading={editing && !m && !get.isError && !!id} notFound={editing && (!id || get.isError) && t('form.notFound')}>
      {(!editing || m) && (
        <ResourceForm<Values>
          resource={mailboxResource}
          mode={editing ? 'edit' : 'create'}
          fields={['localPart', 'quotaMb', 'senderBcc', 'recipientBcc']}
          initialValues={m ? { localPart: m.localPart, quotaMb: m.quotaMb, senderBcc: m.senderBcc, recipientBcc: m.recipientBcc } : { localPart: '', quotaMb: '1024', senderBcc: '', recipientBcc: '' }}
          fieldProps={{ localPart: { slotProps: { htmlInput: { readOnly: editing } } }, quotaMb: { inputMode: 'numeric', sx: { maxWidth: 240 } } }}
          onCancel={() => navigate(detail)}
          onSubmit={async (values) => {
            const body = { ...values, domainId } as Schemas['MailboxInput'];
            if (m) return form.done(await update({ ...args, mailboxId: m.id, body }), detail);
            const r = await create({ ...args, body });
            if (r.error !== undefined || !r.data) return host.submitErrors(r.error);
            setCreated(r.data);
            return undefined;
          }}
        />
      )}
      <PasswordDialog created={created} onClose={() => created && navigate(`${detail}?job=${created.job.id}`)} />
    </FormPage>
  );
}

/** `domains/:domainId/aliases/create` and `aliases/:aliasId`: the local part (empty = catch-all) and the targets. */
export function AliasFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const navigate = useNavigate();
  const params = useParams();
  const id = idOf(params.aliasId);
  const editing = params.aliasId !== undefined;
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const get = emailApi.useGetMailAliasQuery({ ...args, aliasId: id ?? 0 }, { skip: !id });
  const [create] = emailApi.useCreateMailAliasMutation();
  const [update] = emailApi.useUpdateMailAliasMutation();
  const a = get.data;
  const domainId = a?.domainId ?? idOf(params.domainId) ?? 0;
  const detail = host.sectionPath('email', `domains/${domainId}`);
  return (
    <FormPage title={t(editing ? 'form.aliasEditTitle' : 'form.aliasCreateTitle')} loading={editing && !a && !get.isError && !!id} notFound={editing && (!id || get.isError) && t('form.notFound')}>
      {(!editing || a) && (
        <ResourceForm<Values>
          resource={mailAliasResource}
          mode={editing ? 'edit' : 'create'}
          fields={['localPart', 'destinations']}
          initialValues={a ? { localPart: a.localPart, destinations: a.destinations } : { localPart: '', destinations: '' }}
          fieldProps={{ localPart: { helperText: t('form.aliasLocalPartHelp') } }}
          onCancel={() => navigate(detail)}
          onSubmit={async (values) => {
            const body = { ...values, domainId } as Schemas['MailAliasInput'];
            return form.done(a ? await update({ ...args, aliasId: a.id, body }) : await create({ ...args, body }), detail);
          }}
        />
      )}
    </FormPage>
  );
}
