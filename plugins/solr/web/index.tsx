import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ConfigSettingsPage, defineWebPlugin, ResourceFormPage, ResourcePage, SearchClusterPanel, useManagedHost } from '@portal/plugin-sdk/web';
import { solrApi, solrClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { solrCoreResource } from '../generated/resources.ts';

/** The cores as the running Solr reports them (the SDK's search panel), refreshed while the page is open. */
function SolrCluster() {
  const host = useManagedHost();
  const query = solrApi.useGetSolrClusterQuery({ clusterId: host.cluster.id, serverId: host.server.id }, { pollingInterval: 30_000, skipPollingIfUnfocused: true });
  return <SearchClusterPanel id="solr-cluster-title" query={query} engine="Solr" kind="cores" />;
}

/** A link to another page of the section. */
function SectionLink({ to, text }: { to: string; text: string }) {
  const host = useManagedHost();
  return (
    <div>
      <Button variant="outlined" component={RouterLink} to={host.sectionPath('solr', to)}>
        {text}
      </Button>
    </div>
  );
}

/** The start page: the cores of the desired state (the SDK's resource page), the cores as Solr reports them, the way to the settings. */
function CoresPage() {
  const { t } = useT();
  return (
    <ResourcePage resource={solrCoreResource} api={solrApi} client={solrClient}>
      <SolrCluster />
      <SectionLink to="settings" text={t('settingsLink')} />
    </ResourcePage>
  );
}

/** `create`: the SDK's form from the contract's fields; after saving, back to the list, which follows the job. */
const CoreFormPage = () => <ResourceFormPage resource={solrCoreResource} api={solrApi} />;

/** `settings`: the config family's page (undo, apply, form, rendered files). */
function SettingsPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={solrClient} intro={t('intro')}>
      <SectionLink to="" text={t('cores')} />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: CoresPage },
    { path: 'create', Component: CoreFormPage },
    { path: 'settings', Component: SettingsPage },
  ],
});
