import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ManagedPluginScope, useManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGetManagedDashboardQuery, useGetServerMetricsQuery, type ManagedChange, type ServerMetrics } from './api';
import { formatBytes, percent } from './format';
import { PluginErrorBoundary } from './PluginErrorBoundary';
import { loadDashboardCard } from './pluginLoader';
import type { WebPluginEntry } from './registry';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

const stateColor = { running: 'success', stopped: 'warning', not_installed: 'default', unknown: 'default', managed: 'info' } as const;
const changeColor = { pending: 'info', applied: 'success', failed: 'error', rolled_back: 'default' } as const;

function Card({ title, children, aside, testId }: { title: string; children: ReactNode; aside?: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Paper>
  );
}

function Usage({ label, used, total, testId }: { label: string; used: number; total: number; testId: string }) {
  const { t, i18n } = useTranslation('managed');
  const pct = percent(used, total);
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('dashboard.usage', { used: formatBytes(used, i18n.language), total: formatBytes(total, i18n.language), percent: pct })}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={pct} color={pct > 90 ? 'error' : pct > 75 ? 'warning' : 'primary'} aria-label={label} sx={{ height: 8, borderRadius: 1, mt: 0.5 }} />
    </Box>
  );
}

function Figures({ metrics, live }: { metrics: ServerMetrics; live: boolean }) {
  const { t, i18n } = useTranslation('managed');
  const num = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const days = Math.floor(metrics.uptimeSeconds / 86400);
  const hours = Math.floor((metrics.uptimeSeconds % 86400) / 3600);
  return (
    <Card
      title={t('dashboard.figures')}
      testId="managed-metrics"
      aside={<Chip size="small" variant="outlined" color={live ? 'success' : 'default'} label={live ? t('dashboard.live') : t('dashboard.polling')} data-testid="metrics-mode" />}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box data-testid="metric-load">
          <Typography variant="body2">{t('dashboard.load')}</Typography>
          <Typography variant="h4" component="p" sx={{ fontSize: '1.5rem', fontVariantNumeric: 'tabular-nums' }}>
            {metrics.load.map((l) => num.format(l)).join(' · ')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('dashboard.cpus', { count: metrics.cpuCount })} · {t('dashboard.uptime', { days, hours })}
          </Typography>
        </Box>
        <Usage label={t('dashboard.memory')} used={metrics.memory.usedBytes} total={metrics.memory.totalBytes} testId="metric-memory" />
        <Usage label={t('dashboard.disk')} used={metrics.disk.usedBytes} total={metrics.disk.totalBytes} testId="metric-disk" />
        <Typography variant="caption" color="text.secondary">
          {t('dashboard.measuredAt', { time: new Date(metrics.at).toLocaleTimeString(i18n.language, { timeZone: userTimeZone() }) })}
        </Typography>
      </Box>
    </Card>
  );
}

function ChangeItem({ change }: { change: ManagedChange }) {
  const { t, i18n } = useTranslation('managed');
  const summary = t(change.summary.key, { ...(change.summary.values ?? {}), defaultValue: change.summary.key });
  return (
    <ListItem disableGutters divider data-testid="managed-change" data-status={change.status}>
      <ListItemText
        primary={summary}
        secondary={
          change.impersonator
            ? t('dashboard.changeByImpersonated', { name: change.user?.name ?? t('dashboard.system'), staff: change.impersonator.name, time: new Date(change.createdAt).toLocaleString(i18n.language, { timeZone: userTimeZone() }) })
            : t('dashboard.changeBy', { name: change.user?.name ?? t('dashboard.system'), time: new Date(change.createdAt).toLocaleString(i18n.language, { timeZone: userTimeZone() }) })
        }
      />
      <Chip size="small" variant="outlined" color={changeColor[change.status]} label={t(`changeStatus.${change.status}`)} sx={{ ml: 1 }} />
    </ListItem>
  );
}

/** A plugin's optional dashboard card, loaded as its own small chunk and kept inside its own boundary. */
function PluginPanel({ entry }: { entry: WebPluginEntry }) {
  const [Panel, setPanel] = useState<{ Card?: ComponentType }>({});
  useEffect(() => {
    let live = true;
    loadDashboardCard(entry).then((Card) => live && setPanel({ Card }), () => undefined);
    return () => {
      live = false;
    };
  }, [entry]);
  const Card = Panel.Card;
  if (!Card) return null;
  return (
    <PluginErrorBoundary resetKey={entry.id} fallback={() => null}>
      <ManagedPluginScope pluginId={entry.id}>
        <Card />
      </ManagedPluginScope>
    </PluginErrorBoundary>
  );
}

/** The server's dashboard section: who it is, what runs on it, how it is doing, what changed lately. */
export function DashboardSection({ panels }: { panels: WebPluginEntry[] }) {
  const { t } = useTranslation('managed');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const { data, isLoading, isError, refetch } = useGetManagedDashboardQuery(args);
  const [pushed, setPushed] = useState<ServerMetrics>();
  const { data: polled } = useGetServerMetricsQuery(args, { pollingInterval: host.connected ? 0 : 10_000, skip: host.connected || !data });

  useEffect(() => {
    setPushed(undefined);
  }, [host.server.id]);
  useEffect(() => host.subscribe('managed.metrics', (p) => {
    const e = p as { serverId: number; metrics: ServerMetrics };
    if (e.serverId === host.server.id) setPushed(e.metrics);
  }), [host]);
  useEffect(() => host.subscribe('managed.change', () => void refetch()), [host, refetch]);

  const metrics = [pushed, polled, data?.metrics].filter((m): m is ServerMetrics => !!m).sort((a, b) => b.at.localeCompare(a.at))[0];
  const server = host.server;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <Card title={t('dashboard.server')} testId="managed-server-card">
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
          <dt>{t('dashboard.server')}</dt>
          <dd data-testid="server-name">{server.name}</dd>
          <dt>{t('dashboard.role')}</dt>
          <dd data-testid="server-role">{t(`role.${server.role}`, { defaultValue: server.role })}</dd>
          <dt>{t('dashboard.ipv4')}</dt>
          <dd>{server.ipv4 ?? '–'}</dd>
          <dt>{t('dashboard.services')}</dt>
          <dd>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="server-services">
              {(data?.services ?? server.services.map((id) => ({ id, pluginId: null, state: 'unknown' as const }))).map((s) => (
                <Chip
                  key={s.id}
                  size="small"
                  variant="outlined"
                  color={stateColor[s.state]}
                  label={`${s.id} · ${t(`serviceState.${s.state}`)}`}
                  data-service={s.id}
                  data-state={s.state}
                />
              ))}
            </Box>
          </dd>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {t('dashboard.gatewayLocal')}
        </Typography>
        <Button component={RouterLink} to={`/clusters/${host.cluster.id}/servers/${server.id}/incidents`} size="small" sx={{ mt: 1 }} data-testid="open-incident-timeline">
          {t('openTimeline', { ns: 'incidents' })}
        </Button>
      </Card>
      {isError ? (
        <Alert severity="error">{t('dashboard.error')}</Alert>
      ) : metrics ? (
        <Figures metrics={metrics} live={host.connected} />
      ) : (
        <Skeleton variant="rounded" height={220} />
      )}
      <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
        <Card title={t('dashboard.recentChanges')} testId="managed-recent-changes">
          {isLoading ? (
            <Skeleton height={80} />
          ) : data?.recentChanges.length ? (
            <List dense disablePadding>
              {data.recentChanges.map((c) => (
                <ChangeItem key={c.id} change={c} />
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{t('dashboard.noChanges')}</Typography>
          )}
        </Card>
      </Box>
      {panels.map((p) => (
        <PluginPanel key={p.id} entry={p} />
      ))}
    </Box>
  );
}
