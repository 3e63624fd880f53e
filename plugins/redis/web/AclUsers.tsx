import LockResetIcon from '@mui/icons-material/LockReset';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog, DataTable, formatDateTime, PanelSection, QueryState, RowActions, SecretOnceDialog, useApply, useConfirm, useManagedHost, WriteButton, WriteIconButton } from '@portal/plugin-sdk/web';
import { redisApi, redisClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { redisAclUserResource } from '../generated/resources.ts';

type User = Schemas['RedisAclUser'];
type Input = Schemas['RedisAclUserInput'];
type Created = Schemas['RedisAclUserCreated'];

const fields = redisAclUserResource.fields;
const accesses = fields.access.enum;
const namePattern = new RegExp(fields.name.pattern);
/** One key pattern (the contract's `RedisKeyPattern`, the items of `keyPatterns`). */
const keyPattern = /^[A-Za-z0-9_.:-]{1,63}\*?$/;

/** The patterns as typed (separated by spaces) → the list sent; `undefined` when one is malformed or none is there. */
export function parsePatterns(text: string): string[] | undefined {
  const list = [...new Set(text.split(/\s+/).filter(Boolean))];
  return list.length > 0 && list.length <= 16 && list.every((p) => keyPattern.test(p)) ? list : undefined;
}

/** The panel of the section with its heading. */
export function AclPanel({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <PanelSection id="redis-acl-title" title={t('acl.title')}>
      <Typography variant="body2">{t('acl.intro')}</Typography>
      {children}
    </PanelSection>
  );
}

/** The password of a user, shown once (after create or reset) with a copy button; closing is the last time it is seen. */
export function PasswordDialog({ created, onClose }: { created: Created | undefined; onClose(): void }) {
  const { t } = useT();
  return (
    <SecretOnceDialog
      id="redis-password"
      value={created?.password}
      title={t('password.title', { name: created?.user.name ?? '' })}
      text={t('password.text')}
      label={t('password.label')}
      closeLabel={t('password.done')}
      onClose={onClose}
    />
  );
}

/** The dialog of a new user or of a change (`user`): name, key patterns, access, on/off. */
export function AclUserDialog({ open, user, onClose, onSave }: { open: boolean; user?: User; onClose(): void; onSave(input: Input): Promise<boolean> }) {
  const { t } = useT();
  const [name, setName] = useState(user?.name ?? '');
  const [patterns, setPatterns] = useState(user?.keyPatterns.join(' ') ?? '');
  const [access, setAccess] = useState<Input['access']>(user?.access ?? 'readwrite');
  const [enabled, setEnabled] = useState(user?.enabled ?? true);
  const nameError = name !== '' && !namePattern.test(name);
  const parsed = parsePatterns(patterns);
  const patternsError = patterns.trim() !== '' && !parsed;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="redis-acl-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="redis-acl-dialog-title">{user ? t('acl.editTitle', { name: user.name }) : t('acl.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="redis-acl-name"
            label={t('acl.name')}
            value={name}
            size="small"
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            helperText={nameError ? t('errors.name_format') : ' '}
            slotProps={{ htmlInput: { maxLength: fields.name.maxLength } }}
          />
          <TextField
            id="redis-acl-patterns"
            label={t('acl.keyPatterns')}
            value={patterns}
            size="small"
            onChange={(e) => setPatterns(e.target.value)}
            error={patternsError}
            helperText={patternsError ? t('errors.patterns_format') : t('acl.keyPatternsHelp')}
            slotProps={{ htmlInput: { maxLength: 16 * 65 } }}
          />
          <TextField id="redis-acl-access" select size="small" label={t('acl.access')} value={access} onChange={(e) => setAccess(e.target.value as Input['access'])}>
            {accesses.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`acl.accessOptions.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('acl.enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('acl.cancel')}
        </Button>
        <WriteButton
          variant="contained"
          disabled={!name || nameError || !parsed}
          onClick={async () => {
            if (parsed && (await onSave({ name, keyPatterns: parsed, access, enabled }))) onClose();
          }}
        >
          {user ? t('acl.save') : t('acl.create')}
        </WriteButton>
      </DialogActions>
    </Dialog>
  );
}

/** The table of users with their actions as icon buttons named after the user (edit, new password, delete): narrow enough for a phone. */
export function AclUsersTable({ users, onEdit, onReset, onDelete }: { users: readonly User[]; onEdit(u: User): void; onReset(u: User): void; onDelete(u: User): void }) {
  const { t, language } = useT();
  return (
    <DataTable<User>
      rows={[...users]}
      rowKey={(u) => u.id}
      caption={t('acl.caption')}
      testId="redis-acl-users"
      empty={t('acl.empty')}
      columns={[
        { id: 'name', label: t('acl.name'), render: (u) => u.name, sortValue: (u) => u.name },
        { id: 'patterns', label: t('acl.keyPatterns'), render: (u) => <code>{u.keyPatterns.join(' ')}</code> },
        { id: 'access', label: t('acl.access'), nowrap: true, render: (u) => t(`acl.accessOptions.${u.access}`) },
        { id: 'state', label: t('acl.state'), render: (u) => (u.enabled ? t('acl.on') : t('acl.off')) },
        { id: 'passwordSetAt', label: t('acl.passwordSetAt'), render: (u) => formatDateTime(u.passwordSetAt, language, { compact: true }) },
        {
          id: 'actions',
          label: t('acl.delete'),
          hideLabel: true,
          align: 'right',
          nowrap: true,
          render: (u) => (
            <RowActions size="small" edit={{ label: t('acl.editLabel', { name: u.name }), onClick: () => onEdit(u) }} remove={{ label: t('acl.deleteLabel', { name: u.name }), onClick: () => onDelete(u) }}>
              <Tooltip title={t('acl.resetLabel', { name: u.name })}>
                <WriteIconButton size="small" onClick={() => onReset(u)} aria-label={t('acl.resetLabel', { name: u.name })}>
                  <LockResetIcon fontSize="small" />
                </WriteIconButton>
              </Tooltip>
            </RowActions>
          ),
        },
      ]}
    />
  );
}

/**
 * ACL users of one instance (`instance`, default `default`): the table, a new user (its password shown once), change,
 * new password, delete after a confirmation.
 */
export function AclUsers({ instance = 'default' }: { instance?: string }) {
  const host = useManagedHost();
  const { t } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = redisApi.useListRedisAclUsersQuery({ ...args, query: { instance } });
  const [create] = redisApi.useCreateRedisAclUserMutation();
  const [update] = redisApi.useUpdateRedisAclUserMutation();
  const [reset] = redisApi.useResetRedisAclUserPasswordMutation();
  const [remove] = redisApi.useDeleteRedisAclUserMutation();
  const apply = useApply(redisClient);
  const confirm = useConfirm<User>();
  const [shown, setShown] = useState<Created | undefined>();
  // The dialog: a new user (`null`), a change (the user), closed (`undefined`); `key` renews its fields.
  const [editing, setEditing] = useState<User | null | undefined>();
  const withPassword = async (call: Promise<{ data?: Created; error?: unknown }>) => {
    const r = await call;
    if (r.error !== undefined || !r.data) return host.notifyFailure(r.error), false;
    apply.follow(r.data.job);
    setShown(r.data);
    return true;
  };
  return (
    <AclPanel>
      <QueryState query={query}>
        {(answer) => <AclUsersTable users={answer.data} onEdit={setEditing} onReset={(u) => void withPassword(reset({ ...args, aclUserId: u.id }))} onDelete={(u) => confirm.ask(u)} />}
      </QueryState>
      <div>
        <WriteButton variant="contained" onClick={() => setEditing(null)}>
          {t('acl.create')}
        </WriteButton>
      </div>
      <AclUserDialog
        key={editing === undefined ? 'closed' : (editing?.id ?? 'new')}
        open={editing !== undefined}
        user={editing ?? undefined}
        onClose={() => setEditing(undefined)}
        onSave={async (body) => {
          if (!editing) return withPassword(create({ ...args, query: { instance }, body }));
          const r = await apply.track(update({ ...args, aclUserId: editing.id, body }));
          return r.error === undefined;
        }}
      />
      <PasswordDialog created={shown} onClose={() => setShown(undefined)} />
      <ConfirmDialog
        {...confirm.dialog}
        title={t('acl.deleteTitle')}
        text={confirm.item ? t('acl.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('acl.delete')}
        onConfirm={() => confirm.run(async (u) => void (await apply.track(remove({ ...args, aclUserId: u.id }))))}
      />
    </AclPanel>
  );
}
