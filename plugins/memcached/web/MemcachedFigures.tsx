import { PanelSection, StatsPanel, statsRefreshMs, useManagedHost, useStatsView } from '@portal/plugin-sdk/web';
import { memcachedApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

const rate = (v: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(v);

/** The live figures of `stats` and their history: the stats family's panel with memcached's figures (the contract's `MemcachedFigures`). */
export function MemcachedFigures() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const view = useStatsView();
  const [watch] = memcachedApi.useWatchMemcachedMutation();
  const history = memcachedApi.useGetMemcachedStatsQuery(
    { ...args, query: { range: view.range } },
    { pollingInterval: statsRefreshMs[view.range], skipPollingIfUnfocused: true },
  );
  return (
    <PanelSection id="memcached-figures-title" title={t('figures.title')}>
      <StatsPanel
        view={view}
        history={history}
        figures={[
          { id: 'hitRatePercent', label: t('figures.hitRatePercent'), format: 'percent', max: 100 },
          { id: 'memoryBytes', label: t('figures.memoryBytes'), format: 'bytes' },
          { id: 'items', label: t('figures.items'), format: 'count' },
          { id: 'connections', label: t('figures.connections'), format: 'count' },
          { id: 'evictionsPerSecond', label: t('figures.evictionsPerSecond'), format: rate },
        ]}
        watch={async () => {
          const r = await watch(args);
          return r.data ?? null;
        }}
      />
    </PanelSection>
  );
}
