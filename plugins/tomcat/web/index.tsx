import Stack from '@mui/material/Stack';
import { ConfigSettingsPage, defineWebPlugin, ResourceFormPage, ResourcePage, useManagedHost } from '@portal/plugin-sdk/web';
import { tomcatApi, tomcatClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { tomcatApplicationResource } from '../generated/resources.ts';
import { InstancePanel } from './InstancePanel.tsx';
import { InstanceFormPage, InstancesPage } from './InstancesPage.tsx';
import { TomcatTabs } from './Tabs.tsx';

/** The start page: the deployed web applications (deploy, undeploy with confirmation, the files) and what the instance serves. */
function ApplicationsPage() {
  return (
    <Stack spacing={3}>
      <TomcatTabs tab="applications" />
      <ResourcePage resource={tomcatApplicationResource} api={tomcatApi} client={tomcatClient}>
        <InstancePanel />
      </ResourcePage>
    </Stack>
  );
}

/** Deploy: the instance chosen from the server's instances (`default` first when there is one). */
function DeployPage() {
  const host = useManagedHost();
  const list = tomcatApi.useListTomcatInstancesQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  const names = (list.data?.data ?? []).map((i) => i.name);
  const ordered = names.includes('default') ? ['default', ...names.filter((n) => n !== 'default')] : names;
  return <ResourceFormPage resource={tomcatApplicationResource} api={tomcatApi} defaults={{ instance: ordered[0] ?? '' }} form={{ options: { instance: ordered } }} />;
}

/** The values a new instance starts from: heap, JVM options, the HTTP connector (the config family's page). */
function SettingsPage() {
  const { t } = useT();
  return <ConfigSettingsPage config={config} client={tomcatClient} intro={t('intro')} nav={<TomcatTabs tab="settings" />} />;
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: ApplicationsPage },
    { path: 'create', Component: DeployPage },
    { path: 'instances', Component: InstancesPage },
    { path: 'instances/create', Component: InstanceFormPage },
    { path: 'instances/:instanceId', Component: InstanceFormPage },
    { path: 'settings', Component: SettingsPage },
  ],
});
