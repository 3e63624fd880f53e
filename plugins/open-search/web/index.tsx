import { ConfigSettingsPage, defineWebPlugin, SearchClusterPanel, useManagedHost } from '@portal/plugin-sdk/web';
import { openSearchApi, openSearchClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';

/** The cluster as the engine reports it (the SDK's search panel), refreshed while the page is open. */
function OpenSearchCluster() {
  const host = useManagedHost();
  const query = openSearchApi.useGetOpenSearchClusterQuery(
    { clusterId: host.cluster.id, serverId: host.server.id },
    { pollingInterval: 30_000, skipPollingIfUnfocused: true },
  );
  return <SearchClusterPanel id="open-search-cluster-title" query={query} engine="OpenSearch" />;
}

/** The section's page: the config family's settings page (undo, apply, form, rendered files) with the cluster below the form. */
function OpenSearchPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={openSearchClient} intro={t('intro')}>
      <OpenSearchCluster />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: OpenSearchPage }] });
