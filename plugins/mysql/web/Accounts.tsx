import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog, DataTable, formatBytes, formatDateTime, QueryState, SecretOnceDialog, useApply, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { mysqlApi, mysqlClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { mysqlDatabaseResource, mysqlUserResource } from '../generated/resources.ts';

type Database = Schemas['MysqlDatabase'];
type User = Schemas['MysqlUser'];
type Created = Schemas['MysqlUserCreated'];

const charsets = mysqlDatabaseResource.fields.charset.enum;
const collations = mysqlDatabaseResource.fields.collation.enum;
const authentications = mysqlUserResource.fields.authentication.enum;
const namePattern = new RegExp(mysqlDatabaseResource.fields.name.pattern);
const userPattern = new RegExp(mysqlUserResource.fields.name.pattern);
const hostPattern = new RegExp(mysqlUserResource.fields.host.pattern);

/** A panel of the section: a region with its heading. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby={`mysql-${id}-title`}>
      <Stack spacing={2}>
        <Typography id={`mysql-${id}-title`} variant="h2" sx={{ fontSize: '1.375rem' }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** The databases with their size; a new one (name, character set, collation); delete after a confirmation. */
export function DatabasesPanel() {
  const host = useManagedHost();
  const { t, language } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = mysqlApi.useListMysqlDatabasesQuery(args);
  const [create] = mysqlApi.useCreateMysqlDatabaseMutation();
  const [remove] = mysqlApi.useDeleteMysqlDatabaseMutation();
  const apply = useApply(mysqlClient);
  const confirm = useConfirm<Database>();
  const [name, setName] = useState('');
  const [charset, setCharset] = useState<(typeof charsets)[number]>('utf8mb4');
  const [collation, setCollation] = useState<(typeof collations)[number]>('utf8mb4_unicode_ci');
  const nameError = name !== '' && !namePattern.test(name);
  return (
    <Panel id="databases" title={t('databases.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Database>
            rows={answer.data}
            rowKey={(d) => d.id}
            caption={t('databases.caption')}
            testId="mysql-databases"
            empty={t('databases.empty')}
            columns={[
              { id: 'name', label: t('databases.name'), render: (d) => d.name, sortValue: (d) => d.name },
              { id: 'charset', label: t('databases.charset'), render: (d) => d.charset },
              { id: 'collation', label: t('databases.collation'), render: (d) => d.collation },
              {
                id: 'size',
                label: t('databases.size'),
                align: 'right',
                render: (d) => (d.sizeBytes == null ? t('databases.unknownSize') : formatBytes(d.sizeBytes, language)),
                sortValue: (d) => d.sizeBytes ?? -1,
              },
              {
                id: 'actions',
                label: t('databases.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (d) => (
                  <WriteButton size="small" color="error" onClick={() => confirm.ask(d)} aria-label={t('databases.delete', { name: d.name })}>
                    {t('databases.deleteConfirm')}
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
          const r = await apply.track(create({ ...args, body: { name, charset, collation } }));
          if (r.error === undefined) setName('');
        }}
      >
        <TextField
          id="mysql-database-name"
          label={t('databases.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          helperText={nameError ? t('errors.name_format') : ' '}
          slotProps={{ htmlInput: { maxLength: mysqlDatabaseResource.fields.name.maxLength } }}
          size="small"
        />
        <TextField id="mysql-database-charset" select label={t('databases.charset')} value={charset} size="small" onChange={(e) => {
          const next = e.target.value as (typeof charsets)[number];
          setCharset(next);
          setCollation(collations.find((c) => c.startsWith(`${next}_`))!);
        }}>
          {charsets.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="mysql-database-collation" select label={t('databases.collation')} value={collation} size="small" onChange={(e) => setCollation(e.target.value as (typeof collations)[number])}>
          {collations
            .filter((c) => c.startsWith(`${charset}_`))
            .map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
        </TextField>
        <WriteButton type="submit" variant="contained" disabled={!name || nameError}>
          {t('databases.create')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('databases.deleteTitle')}
        text={confirm.item ? t('databases.deleteText', { name: confirm.item.name }) : ''}
        confirm={t('databases.deleteConfirm')}
        onConfirm={() => confirm.run(async (d) => void (await apply.track(remove({ ...args, databaseId: d.id }))))}
      />
    </Panel>
  );
}

/** The change of a user's databases, as the job will apply it. */
export function grantDiff(before: readonly string[], after: readonly string[]) {
  return { granted: after.filter((d) => !before.includes(d)), revoked: before.filter((d) => !after.includes(d)) };
}

/** A user's password, shown once (after create or renew); closing the dialog is the last time it is seen. */
export function PasswordDialog({ created, onClose }: { created: Created | undefined; onClose(): void }) {
  const { t } = useT();
  return (
    <SecretOnceDialog
      id="mysql-password"
      value={created?.password}
      title={t('password.title', { name: created?.user.name ?? '' })}
      text={t('password.text')}
      label={t('password.label')}
      closeLabel={t('password.done')}
      onClose={onClose}
    />
  );
}

/** The change of a user's databases as the job will apply it: `+` granted, `−` revoked. */
export function GrantDiffList({ before, after }: { before: readonly string[]; after: readonly string[] }) {
  const { t } = useT();
  const diff = grantDiff(before, after);
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2, fontFamily: 'monospace' }} data-testid="mysql-grants-diff">
      {diff.granted.map((db) => (
        <li key={`+${db}`}>{t('grants.granted', { db })}</li>
      ))}
      {diff.revoked.map((db) => (
        <li key={`-${db}`}>{t('grants.revoked', { db })}</li>
      ))}
      {!diff.granted.length && !diff.revoked.length && <li>{t('grants.unchanged')}</li>}
    </Stack>
  );
}

/** Check boxes for the server's databases. */
function DatabaseChoice({ all, value, onChange }: { all: readonly string[]; value: readonly string[]; onChange(next: string[]): void }) {
  const { t } = useT();
  return (
    <FormGroup aria-label={t('users.databases')}>
      {all.map((db) => (
        <FormControlLabel
          key={db}
          control={<Checkbox checked={value.includes(db)} onChange={(e) => onChange(e.target.checked ? [...value, db] : value.filter((d) => d !== db))} />}
          label={db}
        />
      ))}
    </FormGroup>
  );
}

/** Users: host pattern, authentication, databases; a new one with its password shown once; new password, grants (as a diff), delete. */
export function UsersPanel() {
  const host = useManagedHost();
  const { t, language } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = mysqlApi.useListMysqlUsersQuery(args);
  const dbs = mysqlApi.useListMysqlDatabasesQuery(args);
  const [create] = mysqlApi.useCreateMysqlUserMutation();
  const [renew] = mysqlApi.useRenewMysqlUserPasswordMutation();
  const [setGrants] = mysqlApi.useUpdateMysqlUserGrantsMutation();
  const [remove] = mysqlApi.useDeleteMysqlUserMutation();
  const apply = useApply(mysqlClient);
  const confirm = useConfirm<User>();
  const [shown, setShown] = useState<Created | undefined>();
  const [editing, setEditing] = useState<{ user: User; databases: string[] } | undefined>();
  const [name, setName] = useState('');
  const [hostPatternValue, setHost] = useState('localhost');
  const [authentication, setAuthentication] = useState<(typeof authentications)[number]>('ed25519');
  const [databases, setDatabases] = useState<string[]>([]);
  const allDbs = (dbs.data?.data ?? []).map((d) => d.name);
  const nameError = name !== '' && !userPattern.test(name);
  const hostError = !hostPattern.test(hostPatternValue);
  const withPassword = async (call: Promise<{ data?: Created; error?: unknown }>) => {
    const r = await call;
    if (r.error !== undefined || !r.data) return host.notifyFailure(r.error), false;
    apply.follow(r.data.job);
    setShown(r.data);
    return true;
  };
  const diff = editing && grantDiff(editing.user.databases, editing.databases);
  return (
    <Panel id="users" title={t('users.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<User>
            rows={answer.data}
            rowKey={(u) => u.id}
            caption={t('users.caption')}
            testId="mysql-users"
            empty={t('users.empty')}
            columns={[
              { id: 'name', label: t('users.name'), render: (u) => u.name, sortValue: (u) => u.name },
              { id: 'host', label: t('users.host'), render: (u) => u.host },
              { id: 'authentication', label: t('users.authentication'), render: (u) => u.authentication },
              { id: 'databases', label: t('users.databases'), render: (u) => u.databases.join(', ') || t('users.none') },
              { id: 'passwordSetAt', label: t('users.passwordSetAt'), render: (u) => formatDateTime(u.passwordSetAt, language, { compact: true }) },
              {
                id: 'actions',
                label: t('users.deleteConfirm'),
                hideLabel: true,
                align: 'right',
                render: (u) => (
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <WriteButton size="small" onClick={() => void withPassword(renew({ ...args, userId: u.id }))} aria-label={t('users.renew', { name: u.name })}>
                      {t('users.renew', { name: '' }).trim()}
                    </WriteButton>
                    <WriteButton size="small" onClick={() => setEditing({ user: u, databases: [...u.databases] })} aria-label={t('users.grants', { name: u.name })}>
                      {t('users.databases')}
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
        spacing={2}
        onSubmit={async (e: React.FormEvent) => {
          e.preventDefault();
          if (!name || nameError || hostError) return;
          if (await withPassword(create({ ...args, body: { name, host: hostPatternValue, authentication, databases } }))) {
            setName('');
            setDatabases([]);
          }
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            id="mysql-user-name"
            label={t('users.name')}
            value={name}
            size="small"
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            helperText={nameError ? t('errors.name_format') : ' '}
            slotProps={{ htmlInput: { maxLength: mysqlUserResource.fields.name.maxLength } }}
          />
          <TextField
            id="mysql-user-host"
            label={t('users.host')}
            value={hostPatternValue}
            size="small"
            onChange={(e) => setHost(e.target.value)}
            error={hostError}
            helperText={hostError ? t('errors.host_format') : t('users.hostHelp')}
            slotProps={{ htmlInput: { maxLength: mysqlUserResource.fields.host.maxLength } }}
          />
          <TextField
            id="mysql-user-authentication"
            select
            size="small"
            label={t('users.authentication')}
            value={authentication}
            onChange={(e) => setAuthentication(e.target.value as (typeof authentications)[number])}
          >
            {authentications.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`users.authOptions.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <DatabaseChoice all={allDbs} value={databases} onChange={setDatabases} />
        <div>
          <WriteButton type="submit" variant="contained" disabled={!name || nameError || hostError}>
            {t('users.create')}
          </WriteButton>
        </div>
      </Stack>
      <PasswordDialog created={shown} onClose={() => setShown(undefined)} />
      <Dialog open={!!editing} onClose={() => setEditing(undefined)} aria-labelledby="mysql-grants-title">
        <DialogTitle id="mysql-grants-title">{t('grants.title', { name: editing?.user.name ?? '' })}</DialogTitle>
        <DialogContent>
          {editing && diff && (
            <Stack spacing={2}>
              <DatabaseChoice all={allDbs} value={editing.databases} onChange={(next) => setEditing({ ...editing, databases: next })} />
              <Typography variant="subtitle2" component="h3">
                {t('grants.diff')}
              </Typography>
              <GrantDiffList before={editing.user.databases} after={editing.databases} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(undefined)}>{t('form.cancel')}</Button>
          <WriteButton
            variant="contained"
            disabled={!diff || (!diff.granted.length && !diff.revoked.length)}
            onClick={async () => {
              if (!editing) return;
              const r = await apply.track(setGrants({ ...args, userId: editing.user.id, body: { databases: editing.databases } }));
              if (r.error === undefined) setEditing(undefined);
            }}
          >
            {t('grants.apply')}
          </WriteButton>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('users.deleteTitle')}
        text={confirm.item ? t('users.deleteText', { name: confirm.item.name, host: confirm.item.host }) : ''}
        confirm={t('users.deleteConfirm')}
        onConfirm={() => confirm.run(async (u) => void (await apply.track(remove({ ...args, userId: u.id }))))}
      />
    </Panel>
  );
}

/** The slowest statements of the slow-query log. */
export function SlowQueriesPanel() {
  const host = useManagedHost();
  const { t, language } = useT();
  const query = mysqlApi.useListMysqlSlowQueriesQuery({ clusterId: host.cluster.id, serverId: host.server.id, query: { limit: 20 } });
  const num = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(n);
  return (
    <Panel id="slow" title={t('slow.title')}>
      <QueryState query={query}>
        {(answer) => (
          <DataTable<Schemas['MysqlSlowQuery']>
            rows={answer.data}
            rowKey={(q) => q.statement}
            caption={t('slow.caption')}
            testId="mysql-slow"
            empty={t('slow.empty')}
            columns={[
              { id: 'statement', label: t('slow.statement'), render: (q) => <code>{q.statement}</code> },
              { id: 'count', label: t('slow.count'), align: 'right', render: (q) => num(q.count), sortValue: (q) => q.count },
              { id: 'max', label: t('slow.max'), align: 'right', render: (q) => num(q.maxSeconds), sortValue: (q) => q.maxSeconds },
              { id: 'total', label: t('slow.total'), align: 'right', render: (q) => num(q.totalSeconds), sortValue: (q) => q.totalSeconds },
              { id: 'rows', label: t('slow.rows'), align: 'right', render: (q) => num(q.rowsExamined), sortValue: (q) => q.rowsExamined },
            ]}
          />
        )}
      </QueryState>
    </Panel>
  );
}
