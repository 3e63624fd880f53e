import { defineWebPlugin, StatsPanel, statsRefreshMs, useManagedHost, useStatsView } from '@portal/plugin-sdk/web';
import { rabbitmqApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/**
 * The section's page: the stats family's panel — live figures, the history as charts or a table, range and
 * view in the address — with this service's figures (their names are the contract's, `RabbitmqFigures`).
 */
function StatsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const view = useStatsView();
  const [watch] = rabbitmqApi.useWatchRabbitmqMutation();
  const history = rabbitmqApi.useGetRabbitmqStatsQuery(
    { ...args, query: { range: view.range } },
    { pollingInterval: statsRefreshMs[view.range], skipPollingIfUnfocused: true },
  );
  return (
    <StatsPanel
      view={view}
      history={history}
      figures={[
        { id: 'processes', label: t('figures.processes'), format: 'count' },
        { id: 'memoryBytes', label: t('figures.memoryBytes'), format: 'bytes' },
        { id: 'cpuPercent', label: t('figures.cpuPercent'), format: 'percent' },
      ]}
      watch={async () => {
        const r = await watch(args);
        return r.data ?? null;
      }}
    />
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: StatsPage }] });
