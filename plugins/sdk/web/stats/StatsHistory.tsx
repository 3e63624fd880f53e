import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { statsRangeIds, type StatsRange } from '../../stats/ranges.ts';

const isRange = (v: string | null): v is StatsRange => !!v && (statsRangeIds as readonly string[]).includes(v);

/** How often a coarser range is fetched again (its newest bucket fills up meanwhile); the 1 h range gets live samples. */
export const statsRefreshMs: Record<StatsRange, number> = { '1h': 0, '24h': 60_000, '7d': 600_000 };

/**
 * The range and the view (charts or table) of a stats panel, kept in the address (`?range=24h&view=table`:
 * a link opens the same view); the toggles answer at once.
 */
export function useStatsView() {
  const [params, setParams] = useSearchParams();
  const urlRange: StatsRange = isRange(params.get('range')) ? (params.get('range') as StatsRange) : '1h';
  const urlTable = params.get('view') === 'table';
  const [range, setRange] = useState<StatsRange>(urlRange);
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
  return {
    range,
    asTable,
    chooseRange: (value: StatsRange) => {
      setRange(value);
      setParam('range', value === '1h' ? null : value);
    },
    chooseTable: (value: boolean) => {
      setAsTable(value);
      setParam('view', value ? 'table' : null);
    },
  };
}

/** Fetches the history again when the tab shows again (the live feed paused while it was hidden). */
export function useRefetchWhenVisible(refetch: () => unknown): void {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);
}

/**
 * The history section of a stats panel: range toggle (1 h / 24 h / 7 d), charts or table, a hint on the
 * resolution, "no data yet" and a failed load with retry.
 */
export function StatsHistory({
  view,
  filled,
  failed,
  onRetry,
  charts,
  table,
}: {
  view: ReturnType<typeof useStatsView>;
  /** How many slots of the range have data (`undefined` while loading). */
  filled?: number;
  failed?: boolean;
  onRetry(): void;
  charts: ReactNode;
  /** The table view (`null` while there is no series). */
  table: ReactNode;
}) {
  const { t } = useTranslation('sdk');
  const { range, asTable, chooseRange, chooseTable } = view;
  return (
    <Box component="section" aria-labelledby="stats-history" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="stats-history" sx={{ fontSize: '1.25rem', fontWeight: 600, flexGrow: 1 }}>
          {t('stats.history.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, value: StatsRange | null) => value && chooseRange(value)}
          aria-label={t('stats.range.label')}
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 1.5 } }}
        >
          {statsRangeIds.map((r) => (
            <ToggleButton key={r} value={r} aria-label={t(`stats.range.long.${r}`)} data-testid={`range-${r}`}>
              {t(`stats.range.short.${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel
          control={<Switch checked={asTable} onChange={(e) => chooseTable(e.target.checked)} />}
          label={t('stats.history.asTable')}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t(`stats.history.hint.${range}`)}
      </Typography>
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('state.retry')}
            </Button>
          }
        >
          {t('stats.history.failed')}
        </Alert>
      )}
      {filled === 0 && (
        <Alert severity="info" data-testid="stats-empty">
          <strong>{t('stats.empty.title')}</strong> {t('stats.empty.hint')}
        </Alert>
      )}
      {!failed && (asTable && table ? table : charts)}
    </Box>
  );
}
