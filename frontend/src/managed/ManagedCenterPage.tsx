import HomeIcon from '@mui/icons-material/Home';
import LanIcon from '@mui/icons-material/Lan';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { appliesTo } from '@portal/plugin-sdk';
import { createManagedStore, ManagedHostProvider, type ManagedHost } from '@portal/plugin-sdk/web';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, Route, Routes, useNavigate, useParams } from 'react-router';
import { apiError } from '../api/baseApi';
import { submitErrors } from '../forms/submitErrors';
import { webPlugins } from '../generated/plugins';
import NotFoundPage from '../pages/NotFoundPage';
import { useDocumentTitle } from '../shell/useDocumentTitle';
import { useAppDispatch } from '../store';
import { callFailed, translateServerMessage } from '../ui/notify';
import { alertAdded } from '../ui/uiSlice';
import { useGetManagedServerQuery, type ManagedServerView } from './api';
import { BetaSectionGate, notRegisteredForBeta } from './BetaSectionGate';
import { ConnectionSection } from './ConnectionSection';
import { DashboardSection } from './DashboardSection';
import { installPortalBridge } from './hostBridge';
import { PluginSection } from './PluginSection';
import { loadPluginTranslations } from './pluginLoader';
import type { WebPluginEntry } from './registry';
import { useManagedSocket } from './useManagedSocket';
import { useDemo } from '../demo/api';
import { DemoModuleNav, DemoModuleRoute, demoModuleTitle } from '../demo/managed';
import { isDemoModule } from '../demo/modules';

const managedStore = createManagedStore();
const severityToAlert = { success: 'success', info: 'info', warning: 'warning', error: 'danger' } as const;

interface Section {
  entry: WebPluginEntry;
  degraded: boolean;
  beta: boolean;
}

/**
 * The plugins that apply to the server (by its services), with their state on the server side; a beta
 * module the customer is not registered for is left out (its route says why, BetaSectionGate).
 */
function sectionsOf(view: ManagedServerView): Section[] {
  const byId = new Map(view.sections.map((s) => [s.id, s]));
  return webPlugins
    .filter((p) => appliesTo(p, view.server.services) && !notRegisteredForBeta(view, p.id))
    .map((entry) => ({ entry, degraded: byId.get(entry.id)?.status !== 'ok', beta: byId.get(entry.id)?.stage === 'beta' }))
    .sort((a, b) => a.entry.order - b.entry.order || a.entry.id.localeCompare(b.entry.id));
}

function ServerSwitcher({ view, section }: { view: ManagedServerView; section: string }) {
  const { t } = useTranslation('managed');
  const navigate = useNavigate();
  return (
    <FormControl size="small" sx={{ minWidth: { xs: 0, sm: 280 }, width: { xs: '100%', sm: 'auto' }, maxWidth: '100%' }}>
      <InputLabel id="managed-server-switcher">{t('switcher.label')}</InputLabel>
      <Select
        labelId="managed-server-switcher"
        label={t('switcher.label')}
        value={view.server.id}
        inputProps={{ 'data-testid': 'server-switcher-input' }}
        data-testid="server-switcher"
        title={t('switcher.hint')}
        onChange={(e) => {
          const next = view.servers.find((s) => s.id === Number(e.target.value));
          if (!next) return;
          // Stay in the section when it exists on the other server too (the shell checks; else: dashboard).
          navigate(`/clusters/${view.cluster.id}/servers/${next.id}/managed/${section || 'dashboard'}`);
        }}
      >
        {view.servers.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {t(`role.${s.role}`, { defaultValue: s.role })}
            </Typography>
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function SectionNav({ view, sections, current }: { view: ManagedServerView; sections: Section[]; current: string }) {
  const { t, i18n } = useTranslation('managed');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const base = `/clusters/${view.cluster.id}/servers/${view.server.id}/managed`;
  return (
    <Paper variant="outlined" component="nav" aria-label={t('nav.label')} sx={{ alignSelf: 'start' }}>
      <List dense data-testid="managed-nav">
        {/* Each link in its own list item: a <ul> holds <li> only (issue 15, axe "list"). */}
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`${base}/dashboard`}
            selected={current === 'dashboard'}
            aria-current={current === 'dashboard' ? 'page' : undefined}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <SpaceDashboardIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('nav.dashboard')} />
          </ListItemButton>
        </ListItem>
        {/* How the portal reaches this server (issue 28): its own page, not a plugin's section. */}
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`${base}/connection`}
            selected={current === 'connection'}
            aria-current={current === 'connection' ? 'page' : undefined}
            data-section="connection"
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LanIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('nav.connection')} />
          </ListItemButton>
        </ListItem>
        {sections.map(({ entry, degraded, beta }) => {
          const Icon = entry.icon;
          return (
            <ListItem key={entry.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={`${base}/${entry.id}`}
                selected={current === entry.id}
                aria-current={current === entry.id ? 'page' : undefined}
                data-section={entry.id}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={entry.titles[lang]} secondary={degraded ? t('nav.degraded') : beta ? t('nav.beta') : undefined} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}

function Frame({ view }: { view: ManagedServerView }) {
  const { t, i18n } = useTranslation('managed');
  const dispatch = useAppDispatch();
  const section = (useParams()['*'] ?? '').split('/')[0];
  const sections = useMemo(() => sectionsOf(view), [view]);
  const current = sections.find((s) => s.entry.id === section);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const demo = useDemo();
  const title = section === 'dashboard' || !section ? t('nav.dashboard') : section === 'connection' ? t('nav.connection') : (current?.entry.titles[lang] ?? (demo.enabled ? demoModuleTitle(section) : undefined));
  useDocumentTitle(`${title ?? t('title')} – ${view.server.name}`);

  const socket = useManagedSocket(view.cluster.id, view.server.id);
  const [, setTranslationsLoaded] = useState(0);
  useEffect(() => {
    // Plugin namespaces for the change log on the dashboard (small JSON files, not the plugin chunks).
    void Promise.allSettled(sections.map((s) => loadPluginTranslations(s.entry))).then(() => setTranslationsLoaded((n) => n + 1));
  }, [sections]);

  const base = `/clusters/${view.cluster.id}/servers/${view.server.id}/managed`;
  const host = useMemo<ManagedHost>(
    () => ({
      cluster: view.cluster,
      server: view.server,
      sectionPath: (s, sub, serverId = view.server.id) => `/clusters/${view.cluster.id}/servers/${serverId}/managed/${s}${sub ? `/${sub}` : ''}`,
      // The server's prefix for a plugin's own paths (ManagedHost.apiPath), not one operation: plugins call theirs through their generated clients.
      apiPath: (sub) => `api/v1/clusters/${view.cluster.id}/servers/${view.server.id}/${sub}`,
      submitErrors: (error) => submitErrors(error) as Record<string, string> | undefined,
      notify: (severity, message) => dispatch(alertAdded({ type: severityToAlert[severity], message })),
      notifyFailure: (error) => {
        const action = callFailed(error);
        if (action) dispatch(action);
      },
      subscribe: socket.subscribe,
      connected: socket.connected,
      // Demo mode (issue 13): the SDK's WriteButton and confirm buttons show as disabled with a hint.
      readOnly: demo.enabled,
    }),
    [view, base, dispatch, socket.subscribe, socket.connected, demo.enabled],
  );

  return (
    <ManagedHostProvider host={host} store={managedStore}>
      <Box data-testid="managed-center" data-server={view.server.id}>
        <Breadcrumbs aria-label={t('breadcrumbs.label')} sx={{ mb: 1 }} data-testid="managed-breadcrumbs">
          <Link
            component={RouterLink}
            to="/"
            underline="hover"
            color="inherit"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <HomeIcon fontSize="inherit" />
            {t('breadcrumbs.dashboard')}
          </Link>
          <Typography color="text.secondary">
            {view.cluster.name} ({view.cluster.number})
          </Typography>
          <Link component={RouterLink} to={`${base}/dashboard`} underline="hover" color="inherit">
            {view.server.name}
          </Link>
          <Typography color="text.primary" aria-current="page">
            {title ?? section}
          </Typography>
        </Breadcrumbs>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography
              variant="h1"
              sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.5rem', sm: undefined } }}
              data-testid="managed-title"
            >
              {view.server.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
              <Chip size="small" label={t(`role.${view.server.role}`, { defaultValue: view.server.role })} />
              <Chip size="small" variant="outlined" label={t('title')} />
            </Box>
          </Box>
          {/* The cluster's settings (issue 30: its outgoing webhooks), for its administrators — who alone reach this page. */}
          {!demo.enabled && (
            <Button component={RouterLink} to={`/clusters/${view.cluster.id}/webhooks`} size="small" data-testid="cluster-webhooks">
              {t('clusterWebhooks')}
            </Button>
          )}
          <ServerSwitcher view={view} section={current || section === 'dashboard' ? section : 'dashboard'} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
          <Box sx={{ display: 'grid', gap: 2, alignSelf: 'start' }}>
            <SectionNav view={view} sections={sections} current={section || 'dashboard'} />
            {demo.enabled && <DemoModuleNav base={base} have={sections.map((s) => s.entry.id)} current={section} />}
          </Box>
          <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
            <Routes>
              <Route index element={<Navigate to="dashboard" replace />} />
              <Route path="dashboard" element={<DashboardSection panels={sections.filter((s) => !s.degraded).map((s) => s.entry)} />} />
              <Route path="connection" element={<ConnectionSection clusterId={view.cluster.id} serverId={view.server.id} />} />
              <Route
                path=":section/*"
                element={
                  <BetaSectionGate view={view} section={section}>
                    {current ? (
                      <PluginSection entry={current.entry} degraded={current.degraded} resetKey={`${view.server.id}:${current.entry.id}`} />
                    ) : demo.enabled && demoModuleTitle(section) ? (
                      <DemoModuleRoute id={section} />
                    ) : isDemoModule(section) ? (
                      // A module of §2 the portal does not offer yet (R8.005).
                      <Alert severity="info" data-testid="section-not-yet-available">
                        {t('notYetAvailable.text', { ns: 'common' })}
                      </Alert>
                    ) : (
                      <Alert severity="info" data-testid="section-not-found">
                        {t('section.notFound')}
                      </Alert>
                    )}
                  </BetaSectionGate>
                }
              />
            </Routes>
          </Box>
        </Box>
      </Box>
    </ManagedHostProvider>
  );
}

/**
 * `/clusters/:clusterId/servers/:serverId/managed/*` (§2 Managed Center): the server's sections,
 * a server switcher, breadcrumbs, the dashboard section and each plugin's panels. Only
 * administrators of the cluster get here; the others are sent to /not-allowed with the reason.
 */
export default function ManagedCenterPage() {
  const dispatch = useAppDispatch();
  installPortalBridge(dispatch);
  const navigate = useNavigate();
  const params = useParams();
  const clusterId = Number(params.clusterId);
  const serverId = Number(params.serverId);
  const valid = Number.isSafeInteger(clusterId) && clusterId > 0 && Number.isSafeInteger(serverId) && serverId > 0;
  const { data, error, isLoading } = useGetManagedServerQuery({ clusterId, serverId }, { skip: !valid });
  const status = (error as { status?: number } | undefined)?.status;

  useEffect(() => {
    if (status === 403) navigate('/not-allowed', { replace: true, state: { message: translateServerMessage(apiError(error)?.message) } });
  }, [status, error, navigate]);

  if (!valid || status === 404) return <NotFoundPage />;
  if (error && status !== 403) return <Alert severity="error">{translateServerMessage(apiError(error)?.message, apiError(error)?.service)}</Alert>;
  if (isLoading || !data)
    return (
      <Box role="status" aria-busy="true">
        <Skeleton width="40%" height={48} />
        <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
      </Box>
    );
  return <Frame key={data.server.id} view={data} />;
}
