import { PanelSection, StatsPanel, statsRefreshMs, useManagedHost, useStatsView } from '@portal/plugin-sdk/web';
import { useCallback } from 'react';
import { redisApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

const rate = (v: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(v);

/**
 * The live figures of `INFO` of one instance (`default` unless named) and their history: the stats family's panel with
 * redis's figures (the contract's `RedisFigures`). The room carries every instance's samples; it keeps its own.
 */
export function RedisFigures({ instance = 'default' }: { instance?: string }) {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const view = useStatsView();
  const [watch] = redisApi.useWatchRedisMutation();
  const history = redisApi.useGetRedisStatsQuery(
    { ...args, query: { instance, range: view.range } },
    { pollingInterval: statsRefreshMs[view.range], skipPollingIfUnfocused: true },
  );
  // A sample names its instance (the contract's `RedisSample.instance`).
  const accept = useCallback((s: object) => ('instance' in s ? s.instance : 'default') === instance, [instance]);
  return (
    <PanelSection id="redis-figures-title" title={t('figures.title')}>
        <StatsPanel
          view={view}
          history={history}
          accept={accept}
          figures={[
            { id: 'memoryBytes', label: t('figures.memoryBytes'), format: 'bytes' },
            { id: 'opsPerSecond', label: t('figures.opsPerSecond'), format: rate },
            { id: 'hitRatePercent', label: t('figures.hitRatePercent'), format: 'percent', max: 100 },
            { id: 'clients', label: t('figures.clients'), format: 'count' },
            { id: 'keys', label: t('figures.keys'), format: 'count' },
            { id: 'evictionsPerSecond', label: t('figures.evictionsPerSecond'), format: rate },
          ]}
          watch={async () => {
            const r = await watch({ ...args, query: { instance } });
            return r.data ?? null;
          }}
        />
    </PanelSection>
  );
}
