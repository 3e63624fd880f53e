import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsSampleView, StatsSeriesView, StatsWatchView } from '../../stats/views.ts';
import type { ServerEventType } from '../events.ts';
import { useManagedHost, usePluginId } from '../runtime.tsx';
import { formatBitRate, formatBytes, formatCount, formatDecimal, formatPercent } from './format.ts';
import { LiveFigures } from './LiveFigures.tsx';
import { MetricChart } from './MetricChart.tsx';
import { mergeLive, slotTimes, type AvgMax, type SeriesFrame } from './series.ts';
import { StatsHistory, useRefetchWhenVisible, type useStatsView } from './StatsHistory.tsx';
import { StatsTable } from './StatsTable.tsx';
import { useLiveSamples } from './useLiveSamples.ts';

/** How a figure reads: one of the family's formats, or your own. */
export type StatsFormat = 'count' | 'bytes' | 'percent' | 'decimal' | 'bitRate' | ((value: number, language: string) => string);

/** One figure of a stats service on its panel: a live card, a chart, a table column. */
export interface StatsPanelFigure<F extends string> {
  id: F;
  label: string;
  format: StatsFormat;
  /** Upper end of the chart's axis (e.g. 100 for a share of the whole machine); otherwise the data decides. */
  max?: number;
}

const formatter = (format: StatsFormat, language: string): ((v: number) => string) => {
  if (typeof format === 'function') return (v) => format(v, language);
  return {
    count: (v: number) => formatCount(v, language),
    bytes: (v: number) => formatBytes(v, language),
    percent: (v: number) => formatPercent(v, language),
    decimal: (v: number) => formatDecimal(v, language),
    bitRate: (v: number) => formatBitRate(v, language),
  }[format];
};

/** What the panel needs of the history query (an RTK Query result of the plugin's history operation). */
export interface StatsHistoryQuery<F extends string> {
  currentData?: StatsSeriesView<F>;
  isError: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

type Flat<F extends string> = SeriesFrame & Record<F, AvgMax>;

/**
 * The whole page of a stats service (the stats family's panel): the live figures while the page is open
 * (`watch`, the plugin's watch operation, on a lease; samples pushed as `<pluginId>.sample`), the history
 * of the chosen range as one chart per figure or as a table, the range and view in the address. The
 * plugin passes its figures with their labels and formats, its watch call and its history query:
 *
 * ```tsx
 * const view = useStatsView();
 * const history = api.useGetXStatsQuery({ ...args, query: { range: view.range } }, { pollingInterval: statsRefreshMs[view.range] });
 * <StatsPanel view={view} history={history} watch={…} figures={[{ id: 'processes', label: processesLabel, format: 'count' }]} />
 * ```
 */
export function StatsPanel<F extends string>({
  view,
  history,
  watch,
  figures,
  accept,
  children,
}: {
  view: ReturnType<typeof useStatsView>;
  history: StatsHistoryQuery<F>;
  watch(): Promise<StatsWatchView<F> | null>;
  figures: readonly StatsPanelFigure<F>[];
  /** Keeps only the live samples of this panel's subject (a service with subjects: the room carries every subject's). */
  accept?: (sample: StatsSampleView<F>) => boolean;
  /** Panels of your own below the history. */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('sdk');
  const lang = i18n.language;
  const theme = useTheme();
  const host = useManagedHost();
  const pluginId = usePluginId();
  const { range } = view;
  const live = useLiveSamples(
    `${pluginId}.sample` as ServerEventType,
    watch as () => Promise<null>,
    undefined,
    accept as ((sample: unknown) => boolean) | undefined,
  ) as unknown as {
    latest?: StatsSampleView<F>;
    samples: StatsSampleView<F>[];
    failed: boolean;
  };
  const { refetch } = history;
  useRefetchWhenVisible(refetch);
  const keys = useMemo(() => figures.map((f) => f.id), [figures]);
  const formats = useMemo(
    () => Object.fromEntries(figures.map((f) => [f.id, formatter(f.format, lang)])) as Record<F, (v: number) => string>,
    [figures, lang],
  );

  const data = history.currentData;
  const series = useMemo((): Flat<F> | undefined => {
    if (!data) return undefined;
    const flat = {
      start: data.start,
      end: data.end,
      resolutionSeconds: data.resolutionSeconds,
      filled: data.filled,
      ...data.figures,
    } as Flat<F>;
    return range === '1h' ? mergeLive(flat, live.samples, { keys, presence: keys[0]!, values: (s) => s.figures }) : flat;
  }, [data, live.samples, range, keys]);
  const times = useMemo(() => (series ? slotTimes(series, series[keys[0]!].avg.length) : []), [series, keys]);
  const raw = series?.resolutionSeconds === 10;
  const empty = t('stats.empty.chart');

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="stats-panel">
      <LiveFigures
        at={live.latest?.at}
        live={host.connected}
        failed={live.failed && !live.latest}
        placeholders={figures.length}
        figures={figures.map((f) => {
          const value = live.latest?.figures[f.id];
          return {
            id: f.id,
            label: f.label,
            value: value === null || value === undefined ? '–' : formats[f.id](value),
            ...(f.format === 'percent' && typeof value === 'number' ? { gauge: value } : {}),
          };
        })}
      />
      <StatsHistory
        view={view}
        filled={series?.filled}
        failed={history.isError}
        onRetry={() => void refetch()}
        charts={
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
            {figures.map((f) => (
              <MetricChart
                key={f.id}
                id={f.id}
                title={f.label}
                range={range}
                times={times}
                format={formats[f.id]}
                max={f.max}
                loading={!series}
                emptyText={empty}
                lines={
                  !series
                    ? [{ id: `${f.id}-avg`, label: f.label, data: [], color: theme.palette.primary.main }]
                    : raw
                      ? [{ id: `${f.id}-avg`, label: f.label, data: series[f.id].avg, color: theme.palette.primary.main }]
                      : [
                          { id: `${f.id}-avg`, label: t('stats.chart.average'), data: series[f.id].avg, color: theme.palette.primary.main },
                          {
                            id: `${f.id}-max`,
                            label: t('stats.chart.maximum'),
                            data: series[f.id].max,
                            color: theme.palette.warning.main,
                            dashed: true,
                          },
                        ]
                }
              />
            ))}
          </Box>
        }
        table={
          series ? (
            <StatsTable
              series={series}
              range={range}
              presence={keys[0]!}
              columns={figures.map((f) => ({ key: f.id, label: f.label, format: formats[f.id] }))}
            />
          ) : null
        }
      />
      {children}
    </Box>
  );
}
