/**
 * Publishing an app through the server's web server (nginx or apache): the web server section's own operations of
 * the family (`…/<webserver>/proxy-locations/{key}`), with the values this section knows filled in — the key
 * `nodejs-<app>` and the instances' addresses (`getNodejsAppProxy`). The web server stores, renders, checks and
 * applies it as any of its changes; this plugin never touches its tables.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { managedApi, toRequest, useManagedHost, WriteButton, type ServerArgs } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { nodejsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import type { App } from './AppPanels.tsx';

/** The members of the web server family a server may run. */
export const webServers = ['nginx', 'apache'] as const;
type WebServer = (typeof webServers)[number];

interface ProxyLocation {
  key: string;
  vhostId: number;
  vhostName: string;
  path: string;
  upstreams: string[];
}
type Args = ServerArgs & { pluginId: WebServer };

const familyApi = managedApi.injectEndpoints({
  endpoints: (b) => ({
    webServerSites: b.query<{ data: { id: number; serverNames: string[] }[] }, Args>({
      query: (a) => toRequest('GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/vhosts', a as never),
    }),
    proxyLocations: b.query<{ data: ProxyLocation[] }, Args>({
      query: (a) => toRequest('GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/proxy-locations', a as never),
    }),
    publishProxyLocation: b.mutation<{ id: number }, Args & { key: string; body: { vhostId: number; path: string; upstreams: string[] } }>({
      query: (a) => toRequest('PUT', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/proxy-locations/{key}', a as never),
    }),
    unpublishProxyLocation: b.mutation<{ id: number }, Args & { key: string }>({
      query: (a) => toRequest('DELETE', 'api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/proxy-locations/{key}', a as never),
    }),
  }),
});

/** The web servers of this server, and where each app is published. */
export function usePublished() {
  const host = useManagedHost();
  const server = host.server.services.find((s): s is WebServer => (webServers as readonly string[]).includes(s));
  const args = { clusterId: host.cluster.id, serverId: host.server.id, pluginId: server ?? 'nginx' } as Args;
  const locations = familyApi.useProxyLocationsQuery(args, { skip: !server });
  const of = (app: App) => locations.data?.data.find((l) => l.key === `nodejs-${app.name}`);
  return { server, args, of, refetch: () => void locations.refetch() };
}

/** "Publish through the web server": site, path; or remove the location. */
export function PublishDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const { t } = useT();
  const host = useManagedHost();
  const published = usePublished();
  const { server, args } = published;
  const current = published.of(app);
  const sites = familyApi.useWebServerSitesQuery(args, { skip: !server });
  const proxy = nodejsApi.useGetNodejsAppProxyQuery({ clusterId: host.cluster.id, serverId: host.server.id, appId: app.id });
  const [vhostId, setVhostId] = useState<number | ''>(current?.vhostId ?? '');
  const [path, setPath] = useState(current?.path ?? `/${app.name}/`);
  const [publish, publishing] = familyApi.usePublishProxyLocationMutation();
  const [unpublish, unpublishing] = familyApi.useUnpublishProxyLocationMutation();
  const [errors, setErrors] = useState<Record<string, string>>();
  const done = (message: string) => (r: { data?: unknown; error?: unknown }) => {
    if (r.error) return setErrors(host.submitErrors(r.error) ?? {});
    host.notify('success', message);
    published.refetch();
    onClose();
  };
  const busy = publishing.isLoading || unpublishing.isLoading;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="nodejs-publish-title">
      <DialogTitle id="nodejs-publish-title">{t('publish.title', { name: app.name })}</DialogTitle>
      <DialogContent>
        {!server ? (
          <Alert severity="info">{t('publish.noWebServer')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Alert severity="info">{t('publish.text', { server, upstreams: proxy.data?.upstreams.join(', ') ?? '…' })}</Alert>
            <TextField select label={t('publish.site')} value={vhostId} onChange={(e) => setVhostId(Number(e.target.value))} error={!!errors?.vhostId} helperText={errors?.vhostId}>
              {(sites.data?.data ?? []).map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.serverNames[0]}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('publish.path')} value={path} onChange={(e) => setPath(e.target.value)} error={!!errors?.path} helperText={errors?.path ?? t('publish.pathHelp')} />
            {errors?._ && <Alert severity="error">{errors._}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {server && current && (
          <WriteButton color="error" disabled={busy} onClick={() => void unpublish({ ...args, key: current.key }).then(done(t('publish.removed', { name: app.name })))}>
            {t('publish.remove')}
          </WriteButton>
        )}
        <Button onClick={onClose}>{t('publish.cancel')}</Button>
        {server && (
          <WriteButton
            variant="contained"
            disabled={busy || vhostId === '' || !proxy.data}
            onClick={() => void publish({ ...args, key: proxy.data!.key, body: { vhostId: Number(vhostId), path, upstreams: proxy.data!.upstreams } }).then(done(t('publish.done', { name: app.name })))}
          >
            {t('publish.submit')}
          </WriteButton>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Where an app is published: a link to the site in the web server section, or "not published". */
export function PublishedCell({ app, published }: { app: App; published: ReturnType<typeof usePublished> }) {
  const { t } = useT();
  const host = useManagedHost();
  const at = published.of(app);
  if (!published.server || !at) return <>{t('publish.not')}</>;
  return (
    <Link component={RouterLink} to={host.sectionPath(published.server, `domains/${at.vhostId}`)}>
      {`${at.vhostName}${at.path}`}
    </Link>
  );
}
