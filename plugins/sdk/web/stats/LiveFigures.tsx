import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from './format.ts';

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

const severity = (pct: number) => (pct > 90 ? 'error' : pct > 75 ? 'warning' : 'primary');

/** One live figure: a label, its value, a gauge for shares (0–100) and a detail line. */
export interface LiveFigure {
  /** `figure-<id>` and `figure-<id>-value` are its test ids. */
  id: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** A share in percent, drawn as a bar (warning above 75, error above 90). */
  gauge?: number;
}

function Figure({ id, label, value, detail, gauge }: LiveFigure) {
  const testId = `figure-${id}`;
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

/**
 * The newest figures of a stats service, updated as samples arrive: a heading with the state of the
 * live feed (waiting, live, polling while the real-time channel is down, failed) and when it was
 * measured, then one card per figure.
 */
export function LiveFigures({
  id = 'stats-now',
  at,
  live,
  failed,
  figures,
  placeholders = 5,
  children,
}: {
  /** Id of the heading. */
  id?: string;
  /** When the shown sample was measured (ISO); none yet: the figures wait. */
  at?: string;
  /** Whether the real-time channel is up (samples are pushed) or the panel polls. */
  live: boolean;
  failed?: boolean;
  figures: LiveFigure[];
  /** How many cards the placeholder shows while waiting. */
  placeholders?: number;
  /** Below the figures (e.g. the uptime). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('sdk');
  const lang = i18n.language;
  const status = failed ? (
    <Chip size="small" color="error" variant="outlined" label={t('stats.live.failed')} data-testid="live-status" data-state="failed" />
  ) : !at ? (
    <Chip size="small" variant="outlined" label={t('stats.live.waiting')} data-testid="live-status" data-state="waiting" />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      label={live ? t('stats.live.live') : t('stats.live.polling')}
      data-testid="live-status"
      data-state={live ? 'live' : 'polling'}
    />
  );
  const grid = {
    display: 'grid',
    gap: 1.5,
    gridTemplateColumns: {
      xs: 'repeat(2, minmax(0, 1fr))',
      md: 'repeat(3, minmax(0, 1fr))',
      lg: `repeat(${Math.min(5, Math.max(placeholders, figures.length))}, minmax(0, 1fr))`,
    },
  };

  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id={id} sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('stats.live.title')}
        </Typography>
        {status}
        {at && (
          <Typography variant="body2" color="text.secondary" data-testid="live-measured-at">
            {t('stats.live.measuredAt', { time: formatClock(at, lang) })}
          </Typography>
        )}
      </Box>
      {!at ? (
        // A status (not a plain box): axe refuses a name on an element without a role (aria-prohibited-attr).
        <Box sx={grid} role="status" aria-busy="true" aria-label={t('stats.live.waiting')}>
          {Array.from({ length: placeholders }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={104} />
          ))}
        </Box>
      ) : (
        <Box sx={grid}>
          {figures.map((f) => (
            <Figure key={f.id} {...f} />
          ))}
        </Box>
      )}
      {at && children && (
        <Typography variant="caption" color="text.secondary">
          {children}
        </Typography>
      )}
    </Box>
  );
}
