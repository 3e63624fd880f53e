import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  ConfirmDialog,
  DataTable,
  formatBytes,
  FormPage,
  QueryState,
  ResourceForm,
  useConfirm,
  useManagedHost,
  useSectionForm,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { redisApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { redisInstanceResource } from '../generated/resources.ts';
import { AclUsers } from './AclUsers.tsx';
import { RedisFigures } from './RedisFigures.tsx';
import { RedisInstance } from './RedisInstance.tsx';
import { RedisTabs } from './Tabs.tsx';

type State = Schemas['RedisInstanceState'];

/** The instances with their state (running/stopped), port and memory; new, open (edit), delete with confirmation. */
export function InstancesPage() {
  const { t, language } = useT();
  const host = useManagedHost();
  const navigate = useNavigate();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = redisApi.useGetRedisStatusQuery(args, { pollingInterval: 10_000, skipPollingIfUnfocused: true });
  const [remove] = redisApi.useDeleteRedisInstanceMutation();
  const del = useConfirm<State>();
  const memory = (i: State) =>
    t('instances.memory', {
      used: formatBytes(i.usedMemoryBytes ?? 0, language),
      limit: i.maxmemoryMb ? formatBytes(i.maxmemoryMb * 1024 * 1024, language) : t('instances.noLimit'),
    });
  return (
    <Stack spacing={3}>
      <RedisTabs tab="instances" />
      <Typography>{t('instances.intro')}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('redis', 'instances/create')}>
          {t('instances.create')}
        </Button>
      </div>
      <QueryState query={query}>
        {(status) => (
          <DataTable<State>
            rows={status.instances}
            rowKey={(i) => i.name}
            caption={t('instances.caption')}
            testId="redis-instances"
            columns={[
              {
                id: 'name',
                label: t('instances.columns.name'),
                render: (i) => (
                  <Link
                    component={RouterLink}
                    to={host.sectionPath('redis', i.id === null ? undefined : `instances/${i.id}`)}
                    aria-label={t('instances.edit', { name: i.name })}
                  >
                    {i.name}
                  </Link>
                ),
                sortValue: (i) => i.name,
              },
              {
                id: 'state',
                label: t('instances.columns.state'),
                render: (i) => (i.running ? t('instances.running') : t('instances.stopped')),
              },
              { id: 'port', label: t('instances.columns.port'), render: (i) => String(i.port), sortValue: (i) => i.port },
              { id: 'memory', label: t('instances.columns.memory'), render: memory },
              {
                id: 'actions',
                label: t('instances.columns.actions'),
                hideLabel: true,
                align: 'right',
                render: (i) =>
                  i.id === null ? null : (
                    <WriteButton color="error" size="small" onClick={() => del.ask(i)} aria-label={t('instances.delete', { name: i.name })}>
                      {t('instances.deleteShort')}
                    </WriteButton>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog
        {...del.dialog}
        title={t('instances.deleteTitle')}
        text={t('instances.deleteText', { name: del.item?.name ?? '' })}
        confirm={t('instances.deleteConfirm')}
        onConfirm={() =>
          del.run(async (i) => {
            const r = await remove({ ...args, instanceId: i.id! }).unwrap();
            navigate(`${host.sectionPath('redis', 'instances')}?job=${r.id}`);
          })
        }
      />
    </Stack>
  );
}

/**
 * New instance (`instances/create`) and an instance (`instances/:instanceId`): the resource's form (the name fixed
 * once created), and for an existing one its ACL users, its live figures with their history, and what it reports
 * (databases, flush).
 */
export function InstanceFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const raw = useParams().instanceId;
  const id = raw === undefined ? undefined : Number(raw);
  const list = redisApi.useListRedisInstancesQuery(args);
  const defaults = redisApi.useGetRedisSettingsQuery(args, { skip: id !== undefined });
  const [create] = redisApi.useCreateRedisInstanceMutation();
  const [update] = redisApi.useUpdateRedisInstanceMutation();
  const existing = id === undefined ? undefined : list.data?.data.find((i) => i.id === id);
  const notFound = id !== undefined && (!Number.isInteger(id) || list.isError || (list.isSuccess && !existing));
  const s = defaults.data?.settings;
  const initial = existing
    ? {
        name: existing.name,
        port: existing.port,
        maxmemoryMb: existing.maxmemoryMb,
        maxmemoryPolicy: existing.maxmemoryPolicy,
        appendonly: existing.appendonly,
        appendfsync: existing.appendfsync,
        saveSchedule: existing.saveSchedule,
        defaultUser: existing.defaultUser,
      }
    : {
        name: '',
        port: 6380,
        maxmemoryMb: s?.maxmemoryMb ?? 256,
        maxmemoryPolicy: s?.maxmemoryPolicy ?? 'allkeys-lru',
        appendonly: s?.appendonly ?? false,
        appendfsync: s?.appendfsync ?? 'everysec',
        saveSchedule: s?.saveSchedule ?? '',
        defaultUser: true,
      };
  const title = existing ? t('instances.editTitle', { name: existing.name }) : t('instances.createTitle');
  const setting = (f: 'maxmemoryMb' | 'maxmemoryPolicy' | 'appendonly' | 'appendfsync' | 'saveSchedule' | 'defaultUser') => ({
    label: t(`settings.${f}.label`),
    helperText: t(`settings.${f}.help`),
  });
  return (
    <Stack spacing={3}>
      <RedisTabs tab="instances" />
      <FormPage
        title={title}
        loading={(id !== undefined && !existing && !notFound) || (id === undefined && defaults.isLoading)}
        notFound={notFound && t('instances.notFound')}
      >
        <ResourceForm
          key={existing?.id ?? 'new'}
          resource={redisInstanceResource}
          mode={id ? 'edit' : 'create'}
          initialValues={initial}
          onCancel={() => form.cancel()}
          fieldProps={{
            name: { label: t('instances.name'), helperText: t('instances.nameHelp'), slotProps: { htmlInput: { readOnly: !!id } } },
            port: { label: t('instances.port'), helperText: t('instances.portHelp') },
            maxmemoryMb: setting('maxmemoryMb'),
            maxmemoryPolicy: setting('maxmemoryPolicy'),
            appendonly: setting('appendonly'),
            appendfsync: setting('appendfsync'),
            saveSchedule: setting('saveSchedule'),
            defaultUser: setting('defaultUser'),
          }}
          onSubmit={async (body) =>
            form.done(id ? await update({ ...args, instanceId: id, body: body as never }) : await create({ ...args, body: body as never }))
          }
        />
      </FormPage>
      {existing && (
        <>
          <AclUsers instance={existing.name} />
          <RedisFigures key={existing.name} instance={existing.name} />
          <RedisInstance instance={existing.name} />
        </>
      )}
    </Stack>
  );
}
