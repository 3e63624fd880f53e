import Button from '@mui/material/Button';
import { defineWebPlugin, ResourceFormPage, ResourcePage, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { nodejsApi, nodejsClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { nodejsAppResource } from '../generated/resources.ts';
import { AppLogDialog, ReleasesDialog, StatusPanel, type App } from './AppPanels.tsx';
import { PublishDialog, PublishedCell, usePublished } from './PublishDialog.tsx';

const mono = { slotProps: { htmlInput: { style: { fontFamily: 'monospace' } } } };

/** The section's start page: the applications (SDK resource page) with their releases, logs and where they are published, the live status. */
export function AppsPage() {
  const { t } = useT();
  const [open, setOpen] = useState<{ app: App; what: 'releases' | 'log' | 'publish' }>();
  const published = usePublished();
  return (
    <>
      <ResourcePage<App, { data: App[]; total: number }>
        resource={nodejsAppResource}
        api={nodejsApi}
        client={nodejsClient}
        table={{
          columns: [
            { id: 'name', label: t('list.columns.name'), render: (a) => <strong>{a.name}</strong>, sortValue: (a) => a.name },
            { id: 'nodeVersion', label: t('list.columns.nodeVersion'), render: (a) => a.nodeVersion },
            { id: 'port', label: t('list.columns.port'), render: (a) => (a.instances > 1 ? `${a.port}–${a.port + a.instances - 1}` : a.port), align: 'right' },
            { id: 'instances', label: t('list.columns.instances'), render: (a) => a.instances, align: 'right' },
            { id: 'release', label: t('list.columns.release'), render: (a) => (a.release ? <code>{a.release}</code> : '—') },
            { id: 'published', label: t('list.columns.published'), render: (a) => <PublishedCell app={a} published={published} /> },
          ],
          searchText: (a) => `${a.name} ${a.script} ${a.release}`,
          actions: (a) => (
            <>
              <Button size="small" onClick={() => setOpen({ app: a, what: 'releases' })} aria-label={t('releases.open', { name: a.name })}>
                {t('releases.action')}
              </Button>
              <Button size="small" onClick={() => setOpen({ app: a, what: 'publish' })} aria-label={t('publish.open', { name: a.name })}>
                {t('publish.action')}
              </Button>
              <Button size="small" onClick={() => setOpen({ app: a, what: 'log' })} aria-label={t('status.log', { name: a.name })}>
                {t('status.actions.log')}
              </Button>
            </>
          ),
        }}
        footer={(answer) => (
          <StatusPanel apps={answer.data} />
        )}
      />
      {open?.what === 'releases' && <ReleasesDialog app={open.app} onClose={() => setOpen(undefined)} />}
      {open?.what === 'publish' && <PublishDialog app={open.app} onClose={() => setOpen(undefined)} />}
      {open?.what === 'log' && <AppLogDialog app={open.app} onClose={() => setOpen(undefined)} />}
    </>
  );
}

/** `create` and `:appId`: the SDK's form; the Node.js version is a choice of the versions installed on the server. */
function AppFormPage() {
  const host = useManagedHost();
  const runtimes = nodejsApi.useGetNodejsRuntimesQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const versions = runtimes.data?.runtimes.map((r) => r.major) ?? [];
  return (
    <ResourceFormPage
      resource={nodejsAppResource}
      api={nodejsApi}
      defaults={{ nodeVersion: versions[0] ?? '', script: 'server.js', port: 4000, instances: 2, environment: 'NODE_ENV=production' }}
      form={{
        options: versions.length ? { nodeVersion: versions } : {},
        fieldProps: { script: mono, environment: { ...mono, multiline: true, minRows: 3 } },
      }}
    />
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: AppsPage },
    { path: 'create', Component: AppFormPage },
    { path: ':appId', Component: AppFormPage },
  ],
});
