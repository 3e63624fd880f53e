import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveSample } from './model.ts';
import { formatBitRate, formatBytes, formatClock, formatLoad, formatPercent } from './format.ts';

/** Text for screen readers only. */
export const SrOnly = ({ children }: { children: ReactNode }) => (
  <Box
    component="span"
    sx={{
      position: 'absolute',
      width: '1px',
      height: '1px',
      p: 0,
      m: '-1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
      border: 0,
    }}
  >
    {children}
  </Box>
);

const share = (used: number, total: number) => (total > 0 ? (used / total) * 100 : 0);
const severity = (pct: number) => (pct > 90 ? 'error' : pct > 75 ? 'warning' : 'primary');

function Figure({
  label,
  value,
  detail,
  gauge,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  gauge?: number;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5, alignContent: 'start' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography
        component="p"
        sx={{ fontSize: '1.5rem', fontWeight: 500, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {gauge !== undefined && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, gauge)}
          color={severity(gauge)}
          aria-label={label}
          sx={{ height: 6, borderRadius: 1 }}
        />
      )}
      {detail && (
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

/** The server's figures of the newest sample; updated as samples arrive. */
export function LiveFigures({ sample, live, failed }: { sample?: LiveSample; live: boolean; failed?: boolean }) {
  const { t, i18n } = useTranslation('monitoring');
  const lang = i18n.language;
  const status = failed ? (
    <Chip size="small" color="error" variant="outlined" label={t('live.failed')} data-testid="live-status" data-state="failed" />
  ) : !sample ? (
    <Chip size="small" variant="outlined" label={t('live.waiting')} data-testid="live-status" data-state="waiting" />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      label={live ? t('live.live') : t('live.polling')}
      data-testid="live-status"
      data-state={live ? 'live' : 'polling'}
    />
  );

  return (
    <Box component="section" aria-labelledby="monitoring-now" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="monitoring-now" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('live.title')}
        </Typography>
        {status}
        {sample && (
          <Typography variant="body2" color="text.secondary" data-testid="live-measured-at">
            {t('live.measuredAt', { time: formatClock(sample.at, lang) })}
          </Typography>
        )}
      </Box>
      {!sample ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
          }}
          aria-busy="true"
          aria-label={t('live.waiting')}
        >
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={104} />
          ))}
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <Figure
            testId="figure-cpu"
            label={t('metric.cpu')}
            value={sample.cpuPercent === null ? '–' : formatPercent(sample.cpuPercent, lang)}
            gauge={sample.cpuPercent ?? undefined}
            detail={sample.cpuPercent === null ? t('live.cpuUnavailable') : t('live.cpus', { count: sample.cpuCount })}
          />
          <Figure
            testId="figure-load"
            label={t('metric.load')}
            value={formatLoad(sample.load[0], lang)}
            detail={t('live.loadDetail', {
              five: formatLoad(sample.load[1], lang),
              fifteen: formatLoad(sample.load[2], lang),
              count: sample.cpuCount,
            })}
          />
          <Figure
            testId="figure-memory"
            label={t('metric.memory')}
            value={formatPercent(share(sample.memory.usedBytes, sample.memory.totalBytes), lang, 0)}
            gauge={share(sample.memory.usedBytes, sample.memory.totalBytes)}
            detail={t('live.usage', {
              used: formatBytes(sample.memory.usedBytes, lang),
              total: formatBytes(sample.memory.totalBytes, lang),
            })}
          />
          <Figure
            testId="figure-disk"
            label={t('metric.disk')}
            value={formatPercent(share(sample.disk.usedBytes, sample.disk.totalBytes), lang, 0)}
            gauge={share(sample.disk.usedBytes, sample.disk.totalBytes)}
            detail={t('live.usage', { used: formatBytes(sample.disk.usedBytes, lang), total: formatBytes(sample.disk.totalBytes, lang) })}
          />
          <Figure
            testId="figure-network"
            label={t('metric.network')}
            value={
              sample.network ? (
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
              )
            }
            detail={sample.network ? t('live.networkDetail') : t('live.networkUnavailable')}
          />
        </Box>
      )}
      {sample && (
        <Typography variant="caption" color="text.secondary">
          {t('live.uptime', {
            days: t('live.days', { count: Math.floor(sample.uptimeSeconds / 86400) }),
            hours: t('live.hours', { count: Math.floor((sample.uptimeSeconds % 86400) / 3600) }),
          })}
        </Typography>
      )}
    </Box>
  );
}
