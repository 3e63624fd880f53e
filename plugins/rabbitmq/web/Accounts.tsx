import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Schemas } from '@portal/openapi';
import { useState } from 'react';
import { ConfirmDialog, DataTable, formatDateTime, PanelSection, SecretOnceDialog, QueryState, useApply, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { rabbitmqApi, rabbitmqClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { rabbitmqPermissionResource, rabbitmqUserResource, rabbitmqVhostResource } from '../generated/resources.ts';

type Vhost = Schemas['RabbitmqVhost'];
type User = Schemas['RabbitmqUser'];
type Permission = Schemas['RabbitmqPermission'];
type Created = Schemas['RabbitmqUserCreated'];
type Tag = User['tags'][number];

const namePattern = new RegExp(rabbitmqVhostResource.fields.name.pattern);
const patternCharacters = new RegExp(rabbitmqPermissionResource.fields.configure.pattern);
const tagChoices: readonly Tag[] = ['administrator', 'monitoring', 'policymaker', 'management'];
const nameLimit = rabbitmqUserResource.fields.name.maxLength;

function useArgs() {
  const host = useManagedHost();
  return { host, args: { clusterId: host.cluster.id, serverId: host.server.id } };
}

/** The virtual hosts; a new one (name, description); delete after a confirmation (its queues and permissions go with it). */
export function VhostsPanel() {
  const { t } = useT();
  const { args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqVhostsQuery(args);
  const [create] = rabbitmqApi.useCreateRabbitmqVhostMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqVhostMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<Vhost>();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const nameError = name !== '' && !namePattern.test(name);
  return (
    <PanelSection id="rabbitmq-vhosts-title" title={t('vhosts.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Vhost>
            rows={answer.data}
            rowKey={(v) => v.id}
            caption={t('vhosts.caption')}
            testId="rabbitmq-vhosts"
            empty={t('vhosts.empty')}
            columns={[
              { id: 'name', label: t('vhosts.name'), render: (v) => v.name, sortValue: (v) => v.name },
              { id: 'description', label: t('vhosts.description'), render: (v) => v.description },
              {
                id: 'actions',
                label: t('vhosts.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (v) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(v)} aria-label={t('vhosts.delete', { name: v.name })}>
                    {t('vhosts.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (!name || nameError) return;
          const r = await apply.track(create({ ...args, body: { name, description } }));
          if (r.error !== undefined) return;
          setName('');
          setDescription('');
        }}
      >
        <TextField
          id="rabbitmq-vhost-name"
          label={t('vhosts.name')}
          value={name}
          size="small"
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          helperText={nameError ? t('errors.name_format') : ' '}
          slotProps={{ htmlInput: { maxLength: nameLimit } }}
        />
        <TextField
          id="rabbitmq-vhost-description"
          label={t('vhosts.description')}
          value={description}
          size="small"
          onChange={(e) => setDescription(e.target.value)}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: rabbitmqVhostResource.fields.description.maxLength } }}
        />
        <WriteButton type="submit" variant="contained" disabled={!name || nameError}>
          {t('vhosts.create')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('vhosts.deleteTitle')}
        text={confirm.item ? t('vhosts.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('vhosts.deleteConfirm')}
        onConfirm={() => confirm.run(async (v) => void (await apply.track(remove({ ...args, vhostId: v.id }))))}
      />
    </PanelSection>
  );
}

/** A user's password, shown once (after create or renew). */
export function PasswordDialog({ created, onClose }: { created: Created | undefined; onClose(): void }) {
  const { t } = useT();
  return (
    <SecretOnceDialog
      id="rabbitmq-password"
      value={created?.password}
      title={t('users.passwordTitle', { name: created?.user.name ?? '' })}
      text={t('users.passwordText')}
      label={t('users.passwordLabel')}
      closeLabel={t('users.close')}
      onClose={onClose}
    />
  );
}

/** Users with their tags; a new one with its password shown once; a new password; delete. */
export function UsersPanel() {
  const { t, language } = useT();
  const { host, args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqUsersQuery(args);
  const [create] = rabbitmqApi.useCreateRabbitmqUserMutation();
  const [renew] = rabbitmqApi.useRenewRabbitmqUserPasswordMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqUserMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<User>();
  const [shown, setShown] = useState<Created | undefined>();
  const [name, setName] = useState('');
  const [tags, setTags] = useState<Tag[]>([]);
  const nameError = name !== '' && !namePattern.test(name);
  const withPassword = async (call: Promise<{ data?: Created; error?: unknown }>) => {
    const r = await call;
    if (r.error !== undefined || !r.data) return (host.notifyFailure(r.error), false);
    apply.follow(r.data.job);
    setShown(r.data);
    return true;
  };
  return (
    <PanelSection id="rabbitmq-users-title" title={t('users.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<User>
            rows={answer.data}
            rowKey={(u) => u.id}
            caption={t('users.caption')}
            testId="rabbitmq-users"
            empty={t('users.empty')}
            columns={[
              { id: 'name', label: t('users.name'), render: (u) => u.name, sortValue: (u) => u.name },
              { id: 'tags', label: t('users.tags'), render: (u) => u.tags.join(', ') || t('users.noTags') },
              { id: 'passwordSetAt', label: t('users.passwordSetAt'), render: (u) => formatDateTime(u.passwordSetAt, language, { compact: true }) },
              {
                id: 'actions',
                label: t('users.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (u) => (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <WriteButton size="small" onClick={() => void withPassword(renew({ ...args, userId: u.id }))} aria-label={t('users.renew', { name: u.name })}>
                      {t('users.renewShort')}
                    </WriteButton>
                    <WriteButton size="small" color="error" onClick={() => confirm.ask(u)} aria-label={t('users.delete', { name: u.name })}>
                      {t('users.deleteConfirm')}
                    </WriteButton>
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (!name || nameError) return;
          if (!(await withPassword(create({ ...args, body: { name, tags } })))) return;
          setName('');
          setTags([]);
        }}
      >
        <TextField
          id="rabbitmq-user-name"
          label={t('users.name')}
          value={name}
          size="small"
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          helperText={nameError ? t('errors.name_format') : ' '}
          slotProps={{ htmlInput: { maxLength: nameLimit } }}
        />
        <TextField
          id="rabbitmq-user-tags"
          select
          label={t('users.tags')}
          value={tags}
          size="small"
          sx={{ minWidth: 200 }}
          helperText=" "
          onChange={(e) => setTags(e.target.value as unknown as Tag[])}
          slotProps={{ select: { multiple: true, renderValue: (v) => (v as Tag[]).join(', ') || t('users.noTags'), displayEmpty: true } }}
        >
          {tagChoices.map((tag) => (
            <MenuItem key={tag} value={tag}>
              {tag}
            </MenuItem>
          ))}
        </TextField>
        <WriteButton type="submit" variant="contained" disabled={!name || nameError}>
          {t('users.create')}
        </WriteButton>
      </Stack>
      <PasswordDialog created={shown} onClose={() => setShown(undefined)} />
      <ConfirmDialog
        {...confirm.dialog}
        title={t('users.deleteTitle')}
        text={confirm.item ? t('users.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('users.deleteConfirm')}
        onConfirm={() => confirm.run(async (u) => void (await apply.track(remove({ ...args, userId: u.id }))))}
      />
    </PanelSection>
  );
}

const patternFields = ['configure', 'write', 'read'] as const;

/** Permissions of users on virtual hosts (three patterns each); grant and revoke. */
export function PermissionsPanel() {
  const { t } = useT();
  const { host, args } = useArgs();
  const query = rabbitmqApi.useListRabbitmqPermissionsQuery(args);
  const vhosts = rabbitmqApi.useListRabbitmqVhostsQuery(args);
  const users = rabbitmqApi.useListRabbitmqUsersQuery(args);
  const [create] = rabbitmqApi.useCreateRabbitmqPermissionMutation();
  const [remove] = rabbitmqApi.useDeleteRabbitmqPermissionMutation();
  const apply = useApply(rabbitmqClient);
  const confirm = useConfirm<Permission>();
  const [value, setValue] = useState({ vhost: '', user: '', configure: '.*', write: '.*', read: '.*' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formatError = (f: (typeof patternFields)[number]) => !patternCharacters.test(value[f]);
  return (
    <PanelSection id="rabbitmq-permissions-title" title={t('permissions.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Permission>
            rows={answer.data}
            rowKey={(p) => p.id}
            caption={t('permissions.caption')}
            testId="rabbitmq-permissions"
            empty={t('permissions.empty')}
            columns={[
              { id: 'vhost', label: t('permissions.vhost'), render: (p) => p.vhost, sortValue: (p) => p.vhost },
              { id: 'user', label: t('permissions.user'), render: (p) => p.user, sortValue: (p) => p.user },
              ...patternFields.map((f) => ({ id: f, label: t(`permissions.${f}`), render: (p: Permission) => <code>{p[f] || t('permissions.none')}</code> })),
              {
                id: 'actions',
                label: t('permissions.deleteConfirm'),
                hideLabel: true,
                align: 'right' as const,
                render: (p: Permission) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(p)} aria-label={t('permissions.delete', { user: p.user, vhost: p.vhost })}>
                    {t('permissions.deleteConfirm')}
                  </WriteButton>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Alert severity="info">{t('permissions.help')}</Alert>
      <Stack
        component="form"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          const r = await apply.track(create({ ...args, body: value }));
          if (r.error === undefined) setErrors({});
          else setErrors(host.submitErrors(r.error) ?? {});
        }}
      >
        {(['vhost', 'user'] as const).map((f) => (
          <TextField
            key={f}
            id={`rabbitmq-permission-${f}`}
            select
            label={t(`permissions.${f}`)}
            value={value[f]}
            size="small"
            sx={{ minWidth: 160 }}
            error={!!errors[f]}
            helperText={errors[f] ?? ' '}
            onChange={(e) => setValue({ ...value, [f]: e.target.value })}
          >
            {((f === 'vhost' ? vhosts.data?.data : users.data?.data) ?? []).map((o) => (
              <MenuItem key={o.name} value={o.name}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {patternFields.map((f) => (
          <TextField
            key={f}
            id={`rabbitmq-permission-${f}`}
            label={t(`permissions.${f}`)}
            value={value[f]}
            size="small"
            error={formatError(f) || !!errors[f]}
            helperText={formatError(f) ? t('errors.pattern_format') : (errors[f] ?? ' ')}
            onChange={(e) => setValue({ ...value, [f]: e.target.value })}
            slotProps={{ htmlInput: { maxLength: rabbitmqPermissionResource.fields.configure.maxLength, style: { fontFamily: 'monospace' } } }}
          />
        ))}
        <WriteButton type="submit" variant="contained" disabled={!value.vhost || !value.user || patternFields.some(formatError)}>
          {t('permissions.create')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('permissions.deleteTitle')}
        text={confirm.item ? t('permissions.deleteText', { user: confirm.item.user, vhost: confirm.item.vhost }) : ''}
        confirm={t('permissions.deleteConfirm')}
        onConfirm={() => confirm.run(async (p) => void (await apply.track(remove({ ...args, permissionId: p.id }))))}
      />
    </PanelSection>
  );
}
