import Stack from '@mui/material/Stack';
import { ConfigSettingsPage, defineWebPlugin, ResourceFormPage, ResourcePage } from '@portal/plugin-sdk/web';
import { tomcatApi, tomcatClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { tomcatApplicationResource } from '../generated/resources.ts';
import { InstancePanel } from './InstancePanel.tsx';
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

function DeployPage() {
  return <ResourceFormPage resource={tomcatApplicationResource} api={tomcatApi} />;
}

/** The instance's settings: heap, JVM options, the HTTP connector (the config family's page). */
function SettingsPage() {
  const { t } = useT();
  return <ConfigSettingsPage config={config} client={tomcatClient} intro={t('intro')} nav={<TomcatTabs tab="settings" />} />;
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: ApplicationsPage },
    { path: 'create', Component: DeployPage },
    { path: 'settings', Component: SettingsPage },
  ],
});
