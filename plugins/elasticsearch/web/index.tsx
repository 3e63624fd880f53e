import { ConfigSettingsPage, defineWebPlugin, SearchClusterPanel, useManagedHost } from '@portal/plugin-sdk/web';
import { elasticsearchApi, elasticsearchClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';

/** The cluster as the engine reports it (the SDK's search panel), refreshed while the page is open. */
function ElasticsearchCluster() {
  const host = useManagedHost();
  const query = elasticsearchApi.useGetElasticsearchClusterQuery(
    { clusterId: host.cluster.id, serverId: host.server.id },
    { pollingInterval: 30_000, skipPollingIfUnfocused: true },
  );
  return <SearchClusterPanel id="elasticsearch-cluster-title" query={query} engine="Elasticsearch" />;
}

/** The section's page: the config family's settings page (undo, apply, form, rendered files) with the cluster below the form. */
function ElasticsearchPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={elasticsearchClient} intro={t('intro')}>
      <ElasticsearchCluster />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: ElasticsearchPage }] });
