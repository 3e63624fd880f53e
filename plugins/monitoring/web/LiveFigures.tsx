import Box from '@mui/material/Box';
import {
  formatBitRate,
  formatBytes,
  formatDecimal,
  formatPercent,
  LiveFigures as StatsLiveFigures,
  SrOnly,
  type LiveFigure,
} from '@portal/plugin-sdk/web';
import type { LiveSample } from './model.ts';
import { useT } from '../generated/i18n.ts';

const share = (used: number, total: number) => (total > 0 ? (used / total) * 100 : 0);

/** The server's figures of the newest sample (the stats family's live figures with monitoring's five). */
export function LiveFigures({ sample, live, failed }: { sample?: LiveSample; live: boolean; failed?: boolean }) {
  const { t, i18n } = useT();
  const lang = i18n.language;
  const figures: LiveFigure[] = !sample
    ? []
    : [
        {
          id: 'cpu',
          label: t('metric.cpu'),
          value: sample.cpuPercent === null ? '–' : formatPercent(sample.cpuPercent, lang),
          gauge: sample.cpuPercent ?? undefined,
          detail: sample.cpuPercent === null ? t('live.cpuUnavailable') : t('live.cpus', { count: sample.cpuCount }),
        },
        {
          id: 'load',
          label: t('metric.load'),
          value: formatDecimal(sample.load[0], lang),
          detail: t('live.loadDetail', {
            five: formatDecimal(sample.load[1], lang),
            fifteen: formatDecimal(sample.load[2], lang),
            count: sample.cpuCount,
          }),
        },
        ...(['memory', 'disk'] as const).map((key) => ({
          id: key,
          label: t(`metric.${key}`),
          value: formatPercent(share(sample[key].usedBytes, sample[key].totalBytes), lang, 0),
          gauge: share(sample[key].usedBytes, sample[key].totalBytes),
          detail: t('live.usage', { used: formatBytes(sample[key].usedBytes, lang), total: formatBytes(sample[key].totalBytes, lang) }),
        })),
        {
          id: 'network',
          label: t('metric.network'),
          value: sample.network ? (
            <Box component="span" sx={{ display: 'grid', fontSize: '1.05rem', lineHeight: 1.45 }}>
              <span>
                <span aria-hidden="true">↓ </span>
                <SrOnly>{t('metric.networkRx')}: </SrOnly>
                {formatBitRate(sample.network.rxBytesPerSecond, lang)}
              </span>
              <span>
                <span aria-hidden="true">↑ </span>
                <SrOnly>{t('metric.networkTx')}: </SrOnly>
                {formatBitRate(sample.network.txBytesPerSecond, lang)}
              </span>
            </Box>
          ) : (
            '–'
          ),
          detail: sample.network ? t('live.networkDetail') : t('live.networkUnavailable'),
        },
      ];
  return (
    <StatsLiveFigures id="monitoring-now" at={sample?.at} live={live} failed={failed} figures={figures}>
      {sample &&
        t('live.uptime', {
          days: t('live.days', { count: Math.floor(sample.uptimeSeconds / 86400) }),
          hours: t('live.hours', { count: Math.floor((sample.uptimeSeconds % 86400) / 3600) }),
        })}
    </StatsLiveFigures>
  );
}
