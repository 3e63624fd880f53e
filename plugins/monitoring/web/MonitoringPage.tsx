import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  formatBitRate,
  formatDecimal,
  formatGiB,
  formatPercent,
  MetricChart,
  StatsHistory,
  statsRefreshMs,
  useLiveSamples,
  useManagedHost,
  useRefetchWhenVisible,
  useStatsView,
  type ChartLine,
} from '@portal/plugin-sdk/web';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringApi } from '../generated/client.ts';
import type { RangeId, Series } from './model.ts';
import { LiveFigures } from './LiveFigures.tsx';
import { MetricsTable } from './MetricsTable.tsx';
import { mergeLive, slotTimes } from './series.ts';
import { ServiceList } from './ServiceList.tsx';
import { useT } from '../generated/i18n.ts';

const GiB = 1024 ** 3;

/** The charts of one range (presentational: the page and the stories feed it). */
export function MetricCharts({ series, range, loading }: { series?: Series; range: RangeId; loading?: boolean }) {
  const { t, i18n } = useT();
  const { t: ts } = useTranslation('sdk');
  const theme = useTheme();
  const lang = i18n.language;
  const times = useMemo(() => (series ? slotTimes(series) : []), [series]);
  const raw = series?.resolutionSeconds === 10;
  const empty = ts('stats.empty.chart');
  const colors = {
    avg: theme.palette.primary.main,
    max: theme.palette.warning.main,
    rx: theme.palette.info.main,
    tx: theme.palette.success.main,
  };
  const scaled = (values: (number | null)[], by: number) => (by === 1 ? values : values.map((v) => (v === null ? null : v / by)));
  /** Average and maximum of a metric; the values divided by `unit` (memory and disk are drawn in GiB, so the axis gets round steps). */
  const avgMax = (key: 'cpu' | 'load' | 'memory' | 'disk', label: string, unit = 1): ChartLine[] =>
    !series
      ? [{ id: `${key}-avg`, label, data: [], color: colors.avg }]
      : raw
        ? [{ id: `${key}-avg`, label, data: scaled(series[key].avg, unit), color: colors.avg }]
        : [
            { id: `${key}-avg`, label: ts('stats.chart.average'), data: scaled(series[key].avg, unit), color: colors.avg },
            { id: `${key}-max`, label: ts('stats.chart.maximum'), data: scaled(series[key].max, unit), color: colors.max, dashed: true },
          ];
  const common = { range, times, loading: loading || !series, emptyText: empty };
  const formats = useMemo(
    () => ({
      percent: (v: number) => formatPercent(v, lang, 0),
      load: (v: number) => formatDecimal(v, lang),
      gib: (v: number) => formatGiB(v, lang),
      bits: (v: number) => formatBitRate(v, lang),
    }),
    [lang],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <MetricChart
        id="cpu"
        title={t('metric.cpu')}
        lines={avgMax('cpu', t('metric.cpu'))}
        format={formats.percent}
        max={100}
        {...common}
        emptyText={series && series.filled > 0 ? t('empty.cpu') : empty}
      />
      <MetricChart
        id="load"
        title={series?.cpuCount ? t('chart.loadTitle', { count: series.cpuCount }) : t('metric.load')}
        lines={avgMax('load', t('metric.load'))}
        format={formats.load}
        {...common}
      />
      <MetricChart
        id="memory"
        title={t('metric.memory')}
        lines={avgMax('memory', t('metric.memory'), GiB)}
        format={formats.gib}
        max={series?.memoryTotalBytes ? series.memoryTotalBytes / GiB : undefined}
        {...common}
      />
      <MetricChart
        id="disk"
        title={t('metric.disk')}
        lines={avgMax('disk', t('metric.disk'), GiB)}
        format={formats.gib}
        max={series?.diskTotalBytes ? series.diskTotalBytes / GiB : undefined}
        {...common}
      />
      <MetricChart
        id="network"
        title={t('metric.network')}
        lines={[
          { id: 'rx', label: t('metric.networkRx'), data: series?.networkRx.avg ?? [], color: colors.rx },
          { id: 'tx', label: t('metric.networkTx'), data: series?.networkTx.avg ?? [], color: colors.tx },
        ]}
        format={formats.bits}
        wide
        {...common}
        emptyText={series && series.filled > 0 ? t('empty.network') : empty}
      />
    </Box>
  );
}

/** The section's page: live figures, the history of a range as charts (or a table), the services. */
export function MonitoringPage() {
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const view = useStatsView();
  const { range } = view;
  const [watch] = monitoringApi.useWatchMonitoringMutation();
  const live = useLiveSamples('monitoring.sample', async () => {
    const r = await watch(args);
    return 'data' in r && r.data ? r.data : null;
  });
  const metrics = monitoringApi.useGetMonitoringMetricsQuery(
    { ...args, query: { range } },
    { pollingInterval: statsRefreshMs[range], skipPollingIfUnfocused: true },
  );
  const services = monitoringApi.useListMonitoringServicesQuery(args, { pollingInterval: 60_000, skipPollingIfUnfocused: true });
  const { refetch } = metrics;
  useRefetchWhenVisible(refetch);

  const current = metrics.currentData;
  const series = useMemo(
    () => (current ? mergeLive(current, range === '1h' ? live.samples : []) : undefined),
    [current, live.samples, range],
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="monitoring-page">
      <LiveFigures sample={live.latest} live={host.connected} failed={live.failed && !live.latest} />
      <StatsHistory
        view={view}
        filled={series?.filled}
        failed={metrics.isError}
        onRetry={() => void refetch()}
        charts={<MetricCharts series={series} range={range} loading={metrics.isFetching && !series} />}
        table={series ? <MetricsTable series={series} range={range} /> : null}
      />
      <ServiceList
        services={services.data?.data}
        checkedAt={services.data?.checkedAt}
        loading={services.isLoading}
        failed={services.isError}
        refreshing={services.isFetching}
        onRefresh={() => void services.refetch()}
      />
    </Box>
  );
}
