import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import EditIcon from '@mui/icons-material/EditNote';
import HomeIcon from '@mui/icons-material/Home';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import { WriteButton } from '@portal/plugin-sdk/web/read-only';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { webPlugins } from '../../generated/plugins';
import { useGetManagedServerQuery } from '../../managed/api';
import { loadPluginTranslations } from '../../managed/pluginLoader';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { callFailed, notifyInfo } from '../../ui/notify';
import NotAllowedPage from '../NotAllowedPage';
import NotFoundPage from '../NotFoundPage';
import { useGetServerMonitoringQuery, useListServerChangesQuery, useRollBackSectionMutation } from './api';
import { buildTimeline, rollbackTargets, type ManagedChangeView, type ThresholdAlert, type TimelineEntry } from './correlate';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

type Range = '1h' | '24h';
const rangeMs: Record<Range, number> = { '1h': 3_600_000, '24h': 86_400_000 };

const statusColor = { pending: 'default', applied: 'success', failed: 'error', rolled_back: 'warning' } as const;

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';
  return {
    time: (d: Date) => new Intl.DateTimeFormat(locale, { timeZone: userTimeZone(), hour: '2-digit', minute: '2-digit' }).format(d),
    dateTime: (d: Date) => new Intl.DateTimeFormat(locale, { timeZone: userTimeZone(), dateStyle: 'medium', timeStyle: 'short' }).format(d),
    number: (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n),
  };
}

function ChangeEntry({ change, highlighted, canRollBack, onRollBack }: { change: ManagedChangeView; highlighted: boolean; canRollBack: boolean; onRollBack: () => void }) {
  const { t } = useTranslation(['incidents', 'managed']);
  const f = useFormat();
  const section = webPlugins.find((p) => p.id === change.pluginId);
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const summary = t(change.summary.key, { ...(change.summary.values ?? {}), defaultValue: change.summary.key });
  const who = change.user?.name ?? t('incidents:system');
  return (
    <Box id={`change-${change.id}`} data-testid="timeline-change" data-change-id={change.id} data-job-id={change.jobId ?? undefined} sx={{ scrollMarginTop: 80 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {summary}
        </Typography>
        <Chip size="small" label={section?.titles[lang] ?? change.pluginId} />
        <Chip size="small" variant={highlighted ? 'filled' : 'outlined'} color={statusColor[change.status]} label={t(`managed:changeStatus.${change.status}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('incidents:by', { name: who, time: f.dateTime(new Date(change.createdAt)) })}
      </Typography>
      {change.diff && (
        <details open={highlighted}>
          <summary>{t('incidents:diff')}</summary>
          <Box component="pre" sx={{ m: 0, mt: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12, maxHeight: 320 }} data-testid="timeline-diff">
            {change.diff}
          </Box>
        </details>
      )}
      {change.validation?.output && (
        <details open={highlighted}>
          <summary>{t('incidents:log', { tool: change.validation.tool ?? '' })}</summary>
          <Box component="pre" sx={{ m: 0, mt: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12, maxHeight: 240 }} data-testid="timeline-log">
            {change.validation.output}
          </Box>
        </details>
      )}
      {canRollBack && (
        <WriteButton size="small" color="warning" variant="outlined" sx={{ mt: 1 }} onClick={onRollBack}>
          {t('incidents:rollBack')}
        </WriteButton>
      )}
    </Box>
  );
}

function AlertEntry({ alert, cause }: { alert: ThresholdAlert; cause?: { change: ManagedChangeView; minutesAfter: number } }) {
  const { t } = useTranslation(['incidents', 'managed']);
  const f = useFormat();
  const unit = alert.metric === 'load' ? '' : ' %';
  return (
    <Box data-testid="timeline-alert" data-metric={alert.metric}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('incidents:alert', { metric: t(`incidents:metrics.${alert.metric}`), peak: `${f.number(alert.peak)}${unit}`, limit: `${f.number(alert.limit)}${unit}` })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {/* A spike within one minute reads "at 11:23", not "from 11:23 to 11:23". */}
        {f.time(alert.from) === f.time(alert.to)
          ? t('incidents:at', { time: f.time(alert.from) })
          : t('incidents:between', { from: f.time(alert.from), to: f.time(alert.to) })}
      </Typography>
      {cause && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="timeline-cause">
          {t('incidents:after', { count: cause.minutesAfter, name: cause.change.user?.name ?? t('incidents:system'), section: cause.change.pluginId })}{' '}
          <Link href={`#change-${cause.change.id}`}>{t('incidents:showChange')}</Link>
        </Typography>
      )}
    </Box>
  );
}

/**
 * The incident timeline of a Managed Center server: threshold alerts of the monitoring history (CPU,
 * load, memory, disk), the change log with who and the diff, and the apply output (log excerpt) around
 * the same minutes, newest first; an alert names the change made shortly before it, and the newest
 * change of a section can be rolled back from here.
 */
export default function IncidentTimelinePage() {
  const { t } = useTranslation(['incidents', 'managed']);
  const dispatch = useAppDispatch();
  const params = useParams();
  const [search] = useSearchParams();
  const clusterId = Number(params.clusterId);
  const serverId = Number(params.serverId);
  const job = Number(search.get('job')) || undefined;
  const [range, setRange] = useState<Range>('1h');
  const [confirm, setConfirm] = useState<ManagedChangeView>();
  const valid = Number.isInteger(clusterId) && clusterId > 0 && Number.isInteger(serverId) && serverId > 0;
  const args = { clusterId, serverId };
  const server = useGetManagedServerQuery(args, { skip: !valid });
  const changes = useListServerChangesQuery(args, { skip: !valid || !server.data });
  const hasMonitoring = !!server.data?.sections.some((s) => s.id === 'monitoring' && s.status === 'ok');
  const monitoring = useGetServerMonitoringQuery({ ...args, range }, { skip: !hasMonitoring });
  const [rollBack, rolling] = useRollBackSectionMutation();
  useDocumentTitle(t('title'));

  // The sections' own texts (change summaries) live in their namespaces; render again once they are there.
  const [, setTranslationsLoaded] = useState(0);
  useEffect(() => {
    const entries = [...new Set((changes.data ?? []).map((c) => c.pluginId))].flatMap((id) => webPlugins.filter((p) => p.id === id));
    if (entries.length) void Promise.allSettled(entries.map(loadPluginTranslations)).then(() => setTranslationsLoaded((n) => n + 1));
  }, [changes.data]);

  // A failed-apply notice points at its job: the window reaches back to it.
  const focused = changes.data?.find((c) => job !== undefined && c.jobId === job);
  const timeline = useMemo<TimelineEntry[]>(() => {
    const to = new Date(Math.max(Date.now(), monitoring.data ? Date.parse(monitoring.data.end) : 0));
    const from = new Date(Math.min(to.getTime() - rangeMs[range], focused ? Date.parse(focused.createdAt) - 60_000 : Infinity));
    return buildTimeline(changes.data ?? [], monitoring.data, { from, to });
  }, [changes.data, monitoring.data, range, focused]);
  const targets = useMemo(() => rollbackTargets(changes.data ?? []), [changes.data]);

  useEffect(() => {
    if (focused) document.getElementById(`change-${focused.id}`)?.scrollIntoView({ block: 'center' });
  }, [focused]);

  if (!valid) return <NotFoundPage />;
  const dashboardPath = `/clusters/${clusterId}/servers/${serverId}/managed/dashboard`;
  const status = (server.error as { status?: number } | undefined)?.status;
  if (status === 403) return <NotAllowedPage />;
  if (status === 404) return <NotFoundPage />;

  const runRollBack = async () => {
    const change = confirm;
    setConfirm(undefined);
    if (!change) return;
    try {
      await rollBack({ ...args, pluginId: change.pluginId }).unwrap();
      dispatch(notifyInfo('incidents:rollBackStarted'));
    } catch (e) {
      const action = callFailed(e);
      if (action) dispatch(action);
    }
  };

  return (
    <Box>
      {/* The Managed Center's breadcrumbs: the timeline is one of the server's pages. */}
      {server.data && (
        <Breadcrumbs aria-label={t('managed:breadcrumbs.label')} sx={{ mb: 1 }} data-testid="incident-breadcrumbs">
          <Link
            component={RouterLink}
            to="/"
            underline="hover"
            color="inherit"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <HomeIcon fontSize="inherit" />
            {t('managed:breadcrumbs.dashboard')}
          </Link>
          <Typography color="text.secondary">
            {server.data.cluster.name} ({server.data.cluster.number})
          </Typography>
          <Link component={RouterLink} to={dashboardPath} underline="hover" color="inherit">
            {server.data.server.name}
          </Link>
          <Typography color="text.primary" aria-current="page">
            {t('title')}
          </Typography>
        </Breadcrumbs>
      )}
      <Typography variant="h1" gutterBottom={!server.data}>
        {t('title')}
      </Typography>
      {server.data && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('subtitle', { server: server.data.server.name, cluster: server.data.cluster.number })} ·{' '}
          <Link component={RouterLink} to={dashboardPath}>
            {t('backToDashboard')}
          </Link>
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <ToggleButtonGroup size="small" exclusive value={range} onChange={(_, r: Range | null) => r && setRange(r)} aria-label={t('range')}>
          <ToggleButton value="1h">{t('lastHour')}</ToggleButton>
          <ToggleButton value="24h">{t('lastDay')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">
          {t('thresholds', { load: monitoring.data?.cpuCount ?? '–' })}
        </Typography>
      </Box>
      {server.isLoading || changes.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }} role="status" aria-label={t('loading')}>
          <CircularProgress />
        </Box>
      ) : server.isError || changes.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void (server.isError ? server.refetch() : changes.refetch())}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : (
        <>
          {!hasMonitoring ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('noMonitoring')}
            </Alert>
          ) : monitoring.isError ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('monitoringFailed')}
            </Alert>
          ) : null}
          {timeline.length === 0 ? (
            <Typography color="text.secondary" data-testid="timeline-empty">
              {t('empty')}
            </Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label={t('title')} data-testid="incident-timeline">
              {timeline.map((e) => (
                <Paper
                  component="li"
                  variant="outlined"
                  key={e.kind === 'change' ? `c${e.change.id}` : `a${e.alert.metric}${e.at.getTime()}`}
                  sx={{ p: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, borderColor: e.kind === 'change' && e.change.jobId === job ? 'primary.main' : undefined }}
                >
                  <Box sx={{ color: e.kind === 'alert' ? 'error.main' : 'primary.main', pt: 0.3 }} aria-hidden>
                    {e.kind === 'alert' ? <ErrorIcon /> : <EditIcon />}
                  </Box>
                  {e.kind === 'change' ? (
                    <ChangeEntry change={e.change} highlighted={e.change.jobId === job} canRollBack={targets.has(e.change.id)} onRollBack={() => setConfirm(e.change)} />
                  ) : (
                    <AlertEntry alert={e.alert} cause={e.cause} />
                  )}
                </Paper>
              ))}
            </Box>
          )}
        </>
      )}
      <Dialog open={!!confirm} onClose={() => setConfirm(undefined)} aria-labelledby="rollback-title">
        <DialogTitle id="rollback-title">{t('confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('confirmText', { section: confirm?.pluginId ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(undefined)}>{t('cancel')}</Button>
          <WriteButton color="warning" variant="contained" disabled={rolling.isLoading} onClick={() => void runRollBack()}>
            {t('rollBack')}
          </WriteButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
