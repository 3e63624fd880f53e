import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRange } from '../../stats/ranges.ts';
import { timeFormat } from './format.ts';
import { summarize } from './series.ts';

export interface ChartLine {
  id: string;
  label: string;
  data: (number | null)[];
  color: string;
  /** A thin dashed line (the maxima next to the averages). */
  dashed?: boolean;
}

export interface MetricChartProps {
  id: string;
  title: string;
  range: StatsRange;
  times: Date[];
  lines: ChartLine[];
  /** How a value reads (axis, tooltip, summary). */
  format: (value: number) => string;
  /** Upper end of the value axis (e.g. the memory size); otherwise the data decides. */
  max?: number;
  loading?: boolean;
  /** Shown instead of the chart when no slot has a value. */
  emptyText: string;
  height?: number;
  /** Spans the whole row of the chart grid. */
  wide?: boolean;
}

const HEIGHT = 220;

/**
 * One figure of a stats service over the chosen range (the stats family's chart). The lines break where nothing was measured. For screen readers
 * the chart carries a title and a description (latest, average and highest value over the range);
 * the page's table view lists every value.
 */
export function MetricChart({ id, title, range, times, lines, format, max, loading, emptyText, height = HEIGHT, wide }: MetricChartProps) {
  const { t, i18n } = useTranslation('sdk');
  const lang = i18n.language;
  const main = lines[0];
  const peakLine = lines.find((l) => l.dashed) ?? main;
  const summary = useMemo(() => summarize({ avg: main.data, max: peakLine.data }), [main.data, peakLine.data]);
  const tick = useMemo(() => timeFormat(range, lang, 'tick'), [range, lang]);
  const full = useMemo(() => timeFormat(range, lang, 'full'), [range, lang]);
  const description =
    summary.count === 0
      ? emptyText
      : t('stats.chart.summary', {
          range: t(`stats.range.long.${range}`),
          latest: format(summary.latest!),
          average: format(summary.average!),
          peak: format(summary.peak!),
        });
  const series = useMemo(
    () =>
      lines.map((l) => ({
        id: l.id,
        label: l.label,
        data: l.data,
        color: l.color,
        showMark: false,
        connectNulls: false,
        curve: 'linear' as const,
        area: !l.dashed && lines.length === 1,
        valueFormatter: (v: number | null) => (v === null ? '–' : format(v)),
      })),
    [lines, format],
  );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0, gridColumn: wide ? '1 / -1' : undefined, position: 'relative' }}
      data-testid={`chart-${id}`}
      data-filled={summary.count}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" id={`${id}-title`} sx={{ fontSize: '1.05rem', fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {summary.count > 0 && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid={`chart-${id}-summary`}
          >
            {t('stats.chart.short', { average: format(summary.average!), peak: format(summary.peak!) })}
          </Typography>
        )}
      </Box>
      {loading ? (
        <Skeleton variant="rounded" height={height} role="status" aria-label={t('stats.chart.loading')} />
      ) : summary.count === 0 ? (
        <Box
          sx={{
            height,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderStyle: 'dashed',
            borderRadius: 1,
            px: 2,
          }}
          data-testid={`chart-${id}-empty`}
        >
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {emptyText}
          </Typography>
        </Box>
      ) : (
        // A picture named by the title and described by the summary; the chart inside is hidden from
        // assistive technology and takes no tab stop of its own (issue 15); the table view has every value.
        <Box
          role="img"
          aria-label={title}
          aria-describedby={`${id}-desc`}
          sx={{
            height,
            '& path[data-series$="max"]': { strokeDasharray: '4 3', strokeWidth: 1.25 },
            '& .MuiLineChart-area': { fillOpacity: 0.16 },
          }}
        >
          <Box aria-hidden sx={{ height: '100%' }}>
            <LineChart
              disableKeyboardNavigation
              height={height}
              skipAnimation
              series={series}
              xAxis={[
                {
                  scaleType: 'time',
                  data: times,
                  valueFormatter: (d: Date, ctx) => (ctx.location === 'tick' ? tick(d) : full(d)),
                  tickNumber: 6,
                },
              ]}
              yAxis={[{ min: 0, max, valueFormatter: (v: number) => format(v), width: 72, tickNumber: 4 }]}
              grid={{ horizontal: true }}
              margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
              localeText={{ loading: t('stats.chart.loading'), noData: emptyText }}
              hideLegend={lines.length === 1}
              slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
            />
          </Box>
        </Box>
      )}
      <Typography
        id={`${id}-desc`}
        sx={{ position: 'absolute', left: 0, top: 0, width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        {description}
      </Typography>
    </Paper>
  );
}
