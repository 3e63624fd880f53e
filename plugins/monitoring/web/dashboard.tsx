import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { defineDashboardCard, formatBytes, formatPercent, useManagedHost } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { monitoringApi } from '../generated/client.ts';
import type { Series } from './model.ts';
import { summarize } from './series.ts';
import { useT } from '../generated/i18n.ts';

function Trend({
  label,
  values,
  format,
  color,
  max,
}: {
  label: string;
  values: (number | null)[];
  format: (v: number) => string;
  color: string;
  max?: number;
}) {
  const s = summarize({ avg: values, max: values });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: 1 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {s.latest === null ? '–' : format(s.latest)}
      </Typography>
      <Box sx={{ gridColumn: '1 / -1', height: 40 }} role="img" aria-label={s.latest === null ? label : `${label}: ${format(s.latest)}`}>
        {/* The trend is a picture with a name (label and latest value); the chart inside is hidden from
            assistive technology and takes no tab stop of its own (issue 15). The monitoring page has the
            values as a table. */}
        {s.count > 0 && (
          <Box aria-hidden sx={{ height: 40 }}>
            <SparkLineChart
              disableKeyboardNavigation
              data={values.map((v) => v ?? null) as number[]}
              height={40}
              color={color}
              curve="linear"
              yAxis={{ min: 0, max }}
              margin={{ top: 4, bottom: 4, left: 0, right: 0 }}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The card's content (presentational): CPU and memory over the last hour. */
export function MonitoringSummary({ series }: { series: Series }) {
  const { t, i18n } = useT();
  const { t: ts } = useTranslation('sdk');
  const theme = useTheme();
  if (series.filled === 0) return <Typography color="text.secondary">{ts('stats.empty.title')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Trend
        label={t('metric.cpu')}
        values={series.cpu.avg}
        format={(v) => formatPercent(v, i18n.language, 0)}
        color={theme.palette.primary.main}
        max={100}
      />
      <Trend
        label={t('metric.memory')}
        values={series.memory.avg}
        format={(v) => formatBytes(v, i18n.language)}
        color={theme.palette.secondary.main}
        max={series.memoryTotalBytes ?? undefined}
      />
    </Box>
  );
}

/** The monitoring card on the server's dashboard: the last hour at a glance. */
function DashboardPanel() {
  const { t } = useT();
  const { t: ts } = useTranslation('sdk');
  const host = useManagedHost();
  const metrics = monitoringApi.useGetMonitoringMetricsQuery(
    { clusterId: host.cluster.id, serverId: host.server.id, query: { range: '1h' } },
    { pollingInterval: 60_000, skipPollingIfUnfocused: true },
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="monitoring-summary-title" data-testid="monitoring-dashboard-card">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <MonitorHeartIcon color="action" />
          <Typography variant="h6" component="h3" id="monitoring-summary-title">
            {t('dashboard.title')}
          </Typography>
        </Stack>
        {metrics.data ? (
          <MonitoringSummary series={metrics.data} />
        ) : metrics.isError ? (
          <Typography color="error">{ts('stats.history.failed')}</Typography>
        ) : (
          <Skeleton variant="rounded" height={96} />
        )}
      </CardContent>
      <CardActions>
        <Button size="small" component={RouterLink} to={host.sectionPath('monitoring')}>
          {t('dashboard.open')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The card of the server's dashboard: its own small chunk (`web/dashboard.tsx`). */
export default defineDashboardCard(DashboardPanel);
