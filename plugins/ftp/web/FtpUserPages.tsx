import type { Schemas } from '@portal/openapi';
import { FormPage, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ftpApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { FtpUserForm } from './FtpUserForm.tsx';
import { PasswordDialog } from './PasswordDialog.tsx';

type Created = Schemas['FtpUserCreated'];

/** `create`: the form; the generated password is shown once, then back to the list, which follows the job. */
export function FtpUserCreatePage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const navigate = useNavigate();
  const [create] = ftpApi.useCreateFtpUserMutation();
  const [created, setCreated] = useState<Created | undefined>();
  return (
    <FormPage title={t('form.createTitle')}>
      <FtpUserForm
        mode="create"
        initialValues={{ login: '', documentRoot: '', quotaMb: '0', expiresOn: '' }}
        onCancel={form.cancel}
        onSubmit={async (body) => {
          const r = await create({ clusterId: host.cluster.id, serverId: host.server.id, body });
          if (r.error !== undefined || !r.data) return host.submitErrors(r.error);
          setCreated(r.data);
          return undefined;
        }}
      />
      <PasswordDialog created={created} onClose={() => created && navigate(`${form.listPath}?job=${created.job.id}`)} />
    </FormPage>
  );
}

/** `:userId`: login, document root, quota and expiry of an account (the password stays). */
export function FtpUserEditPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const id = Number(useParams().userId);
  const valid = Number.isInteger(id) && id > 0;
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const get = ftpApi.useGetFtpUserQuery({ ...args, userId: valid ? id : 0 }, { skip: !valid });
  const [update] = ftpApi.useUpdateFtpUserMutation();
  const user = get.data;
  return (
    <FormPage title={t('form.editTitle')} loading={valid && !user && !get.isError} notFound={(!valid || get.isError) && t('form.notFound')}>
      {user && (
        <FtpUserForm
          mode="edit"
          initialValues={{ login: user.login, documentRoot: user.documentRoot, quotaMb: String(user.quotaMb), expiresOn: user.expiresOn }}
          onCancel={form.cancel}
          onSubmit={async (body) => form.done(await update({ ...args, userId: id, body }))}
        />
      )}
    </FormPage>
  );
}
