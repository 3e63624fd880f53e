import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { monitoringApi } from '../generated/client.ts';
import { rangeIds, type RangeId, type Series } from './model.ts';
import { formatBitRate, formatGiB, formatLoad, formatPercent } from './format.ts';
import { LiveFigures } from './LiveFigures.tsx';
import { MetricChart, type ChartLine } from './MetricChart.tsx';
import { MetricsTable } from './MetricsTable.tsx';
import { mergeLive, slotTimes } from './series.ts';
import { ServiceList } from './ServiceList.tsx';
import { useLiveMonitoring } from './useLiveMonitoring.ts';

/** How often a coarser range is fetched again (its newest bucket fills up meanwhile). */
const refreshMs: Record<RangeId, number> = { '1h': 0, '24h': 60_000, '7d': 600_000 };

const GiB = 1024 ** 3;

const isRange = (v: string | null): v is RangeId => !!v && (rangeIds as readonly string[]).includes(v);

/** The charts of one range (presentational: the page and the stories feed it). */
export function MetricCharts({ series, range, loading }: { series?: Series; range: RangeId; loading?: boolean }) {
  const { t, i18n } = useTranslation('monitoring');
  const theme = useTheme();
  const lang = i18n.language;
  const times = useMemo(() => (series ? slotTimes(series) : []), [series]);
  const raw = series?.resolutionSeconds === 10;
  const empty = t('empty.chart');
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
            { id: `${key}-avg`, label: t('chart.average'), data: scaled(series[key].avg, unit), color: colors.avg },
            { id: `${key}-max`, label: t('chart.maximum'), data: scaled(series[key].max, unit), color: colors.max, dashed: true },
          ];
  const common = { range, times, loading: loading || !series, emptyText: empty };
  const formats = useMemo(
    () => ({
      percent: (v: number) => formatPercent(v, lang, 0),
      load: (v: number) => formatLoad(v, lang),
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
  const { t } = useTranslation('monitoring');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  // The range and the view live in the address (a link opens the same view); the toggles answer at once.
  const [params, setParams] = useSearchParams();
  const urlRange: RangeId = isRange(params.get('range')) ? (params.get('range') as RangeId) : '1h';
  const urlTable = params.get('view') === 'table';
  const [range, setRange] = useState<RangeId>(urlRange);
  const [asTable, setAsTable] = useState(urlTable);
  useEffect(() => setRange(urlRange), [urlRange]);
  useEffect(() => setAsTable(urlTable), [urlTable]);
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const chooseRange = (value: RangeId) => {
    setRange(value);
    setParam('range', value === '1h' ? null : value);
  };
  const chooseTable = (value: boolean) => {
    setAsTable(value);
    setParam('view', value ? 'table' : null);
  };

  const live = useLiveMonitoring();
  const metrics = monitoringApi.useGetMonitoringMetricsQuery(
    { ...args, query: { range } },
    { pollingInterval: refreshMs[range], skipPollingIfUnfocused: true },
  );
  const services = monitoringApi.useListMonitoringServicesQuery(args, { pollingInterval: 60_000, skipPollingIfUnfocused: true });
  const { refetch } = metrics;

  // After the tab was hidden the live stream paused: fetch the history again to fill the gap.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const current = metrics.currentData;
  const series = useMemo(
    () => (current ? mergeLive(current, range === '1h' ? live.samples : []) : undefined),
    [current, live.samples, range],
  );
  const nothingYet = series && series.filled === 0;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="monitoring-page">
      <LiveFigures sample={live.latest} live={host.connected} failed={live.failed && !live.latest} />

      <Box
        component="section"
        aria-labelledby="monitoring-history"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" id="monitoring-history" sx={{ fontSize: '1.25rem', fontWeight: 600, flexGrow: 1 }}>
            {t('history.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_, value: RangeId | null) => value && chooseRange(value)}
            aria-label={t('range.label')}
            sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
          >
            {rangeIds.map((r) => (
              <ToggleButton key={r} value={r} aria-label={t(`range.long.${r}`)} data-testid={`range-${r}`}>
                {t(`range.short.${r}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FormControlLabel
            control={<Switch checked={asTable} onChange={(e) => chooseTable(e.target.checked)} />}
            label={t('history.asTable')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t(`history.hint.${range}`)}
        </Typography>
        {metrics.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('history.failed')}
          </Alert>
        )}
        {nothingYet && (
          <Alert severity="info" data-testid="monitoring-empty">
            <strong>{t('empty.title')}</strong> {t('empty.hint')}
          </Alert>
        )}
        {!metrics.isError &&
          (asTable && series ? (
            <MetricsTable series={series} range={range} />
          ) : (
            <MetricCharts series={series} range={range} loading={metrics.isFetching && !series} />
          ))}
      </Box>

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
