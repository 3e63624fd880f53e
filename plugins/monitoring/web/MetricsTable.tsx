import { formatBitRate, formatBytes, formatDecimal, formatPercent, StatsTable, type StatsColumn } from '@portal/plugin-sdk/web';
import { useMemo } from 'react';
import type { RangeId, Series } from './model.ts';
import { metricKeys, type MetricKey } from './series.ts';
import { useT } from '../generated/i18n.ts';

/** The charts' values as a table (the stats family's table with monitoring's columns). */
export function MetricsTable({ series, range }: { series: Series; range: RangeId }) {
  const { t, i18n } = useT();
  const lang = i18n.language;
  const columns = useMemo(() => {
    const formats: Record<MetricKey, (v: number) => string> = {
      cpu: (v) => formatPercent(v, lang),
      load: (v) => formatDecimal(v, lang),
      memory: (v) => formatBytes(v, lang),
      disk: (v) => formatBytes(v, lang),
      networkRx: (v) => formatBitRate(v, lang),
      networkTx: (v) => formatBitRate(v, lang),
    };
    return metricKeys.map((key): StatsColumn<MetricKey> => ({ key, label: t(`metric.${key}`), format: formats[key] }));
  }, [t, lang]);
  return <StatsTable series={series} range={range} columns={columns} presence="load" />;
}
