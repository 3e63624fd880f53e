import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { ConfirmDialog, DataTable, FormPage, QueryState, ResourceForm, useConfirm, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { tomcatApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { tomcatInstanceResource } from '../generated/resources.ts';
import { TomcatTabs } from './Tabs.tsx';

type InstanceStatus = Schemas['TomcatInstanceStatus'];

/** The instances with their state (running, port, heap), new, edit, remove with confirmation. */
export function InstancesPage() {
  const { t } = useT();
  const host = useManagedHost();
  const navigate = useNavigate();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = tomcatApi.useGetTomcatStatusQuery(args, { pollingInterval: 10_000, skipPollingIfUnfocused: true });
  const [remove] = tomcatApi.useDeleteTomcatInstanceMutation();
  const del = useConfirm<InstanceStatus>();
  return (
    <Stack spacing={3}>
      <TomcatTabs tab="instances" />
      <Typography>{t('instances.intro')}</Typography>
      <div>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={host.sectionPath('tomcat', 'instances/create')}>
          {t('instances.create')}
        </Button>
      </div>
      <QueryState query={query}>
        {(status) =>
          status.instances.length ? (
            <DataTable<InstanceStatus>
              rows={status.instances}
              rowKey={(i) => i.name}
              caption={t('instances.caption')}
              testId="tomcat-instances"
              columns={[
                {
                  id: 'name',
                  label: t('instances.columns.name'),
                  render: (i) => (
                    <Link component={RouterLink} to={host.sectionPath('tomcat', `instances/${i.id}`)} aria-label={t('instances.edit', { name: i.name })}>
                      {i.name}
                    </Link>
                  ),
                  sortValue: (i) => i.name,
                },
                { id: 'state', label: t('instances.columns.state'), render: (i) => (i.running ? t('instances.running') : t('instances.stopped')) },
                { id: 'port', label: t('instances.columns.port'), render: (i) => String(i.port), sortValue: (i) => i.port },
                { id: 'heap', label: t('instances.columns.heap'), render: (i) => t('instances.heap', { min: i.heapMinMb, max: i.heapMaxMb }) },
                { id: 'applications', label: t('instances.columns.applications'), render: (i) => String(i.applications.length) },
                {
                  id: 'actions',
                  label: t('instances.columns.actions'),
                  render: (i) => (
                    <Button color="error" size="small" onClick={() => del.ask(i)} aria-label={t('instances.delete', { name: i.name })}>
                      {t('instances.deleteShort')}
                    </Button>
                  ),
                },
              ]}
            />
          ) : (
            <Typography>{t('instances.empty')}</Typography>
          )
        }
      </QueryState>
      <ConfirmDialog
        {...del.dialog}
        title={t('instances.deleteTitle')}
        text={t('instances.deleteText', { name: del.item?.name ?? '', count: del.item?.applications.length ?? 0 })}
        confirm={t('instances.deleteConfirm')}
        onConfirm={() =>
          del.run(async (i) => {
            const r = await remove({ ...args, instanceId: i.id }).unwrap();
            navigate(`${host.sectionPath('tomcat')}?job=${r.id}`);
          })
        }
      />
    </Stack>
  );
}

/** New instance (`instances/create`) and edit (`instances/:instanceId`): the resource's form, the name fixed once created. */
export function InstanceFormPage() {
  const { t } = useT();
  const host = useManagedHost();
  const form = useSectionForm();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const raw = useParams().instanceId;
  const id = raw === undefined ? undefined : Number(raw);
  const get = tomcatApi.useGetTomcatInstanceQuery({ ...args, instanceId: id ?? 0 }, { skip: !id || !Number.isInteger(id) });
  const defaults = tomcatApi.useGetTomcatSettingsQuery(args, { skip: id !== undefined });
  const [create] = tomcatApi.useCreateTomcatInstanceMutation();
  const [update] = tomcatApi.useUpdateTomcatInstanceMutation();
  const existing = get.data;
  const notFound = id !== undefined && (!Number.isInteger(id) || id < 1 || get.isError);
  const settings = defaults.data?.settings;
  const initial = existing
    ? { name: existing.name, port: existing.port, heapMinMb: existing.heapMinMb, heapMaxMb: existing.heapMaxMb, jvmOptions: existing.jvmOptions, maxThreads: existing.maxThreads, connectionTimeoutMs: existing.connectionTimeoutMs }
    : { name: '', port: 8081, heapMinMb: settings?.heapMinMb ?? 64, heapMaxMb: settings?.heapMaxMb ?? 256, jvmOptions: settings?.jvmOptions ?? '', maxThreads: settings?.maxThreads ?? 50, connectionTimeoutMs: settings?.connectionTimeoutMs ?? 20000 };
  const title = id ? t('instances.editTitle') : t('instances.createTitle');
  return (
    <FormPage title={title} loading={(id !== undefined && !existing && !notFound) || (id === undefined && defaults.isLoading)} notFound={notFound && t('instances.notFound')}>
      <ResourceForm
        resource={tomcatInstanceResource}
        mode={id ? 'edit' : 'create'}
        initialValues={initial}
        onCancel={() => form.cancel()}
        fieldProps={{
          name: { label: t('instances.name'), helperText: t('instances.nameHelp'), slotProps: { htmlInput: { readOnly: !!id } } },
          port: { label: t('instances.port'), helperText: t('instances.portHelp') },
          heapMinMb: { label: t('settings.heapMinMb.label'), helperText: t('settings.heapMinMb.help') },
          heapMaxMb: { label: t('settings.heapMaxMb.label'), helperText: t('settings.heapMaxMb.help') },
          jvmOptions: { label: t('settings.jvmOptions.label'), helperText: t('settings.jvmOptions.help') },
          maxThreads: { label: t('settings.maxThreads.label'), helperText: t('settings.maxThreads.help') },
          connectionTimeoutMs: { label: t('settings.connectionTimeoutMs.label'), helperText: t('settings.connectionTimeoutMs.help') },
        }}
        onSubmit={async (body) => form.done(id ? await update({ ...args, instanceId: id, body: body as never }) : await create({ ...args, body: body as never }))}
      />
    </FormPage>
  );
}
