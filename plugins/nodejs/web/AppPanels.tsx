import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, QueryState, WriteButton, useManagedHost, type Column } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { nodejsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

export type App = Schemas['NodejsApp'];
type Instance = Schemas['NodejsProcess'];

const tone = (state: string): 'success' | 'warning' | 'error' | 'default' =>
  ({ RUNNING: 'success', STARTING: 'warning', STOPPING: 'warning', BACKOFF: 'error', FATAL: 'error', EXITED: 'error' })[state] as 'success' | undefined ?? 'default';

const useServerArgs = () => {
  const host = useManagedHost();
  return { clusterId: host.cluster.id, serverId: host.server.id };
};

const pre = { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, maxHeight: 360, overflow: 'auto' } as const;

/** The tail of one instance's log. */
export function AppLogDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const { t } = useT();
  const [instance, setInstance] = useState(0);
  const log = nodejsApi.useGetNodejsAppLogQuery({ ...useServerArgs(), appId: app.id, query: { instance, lines: 200 } });
  const title = t('log.title', { name: app.name });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="nodejs-log-title">
      <DialogTitle id="nodejs-log-title">{title}</DialogTitle>
      <DialogContent>
        {app.instances > 1 && (
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            {Array.from({ length: app.instances }, (_, i) => (
              <Chip key={i} label={`#${i + 1}`} color={i === instance ? 'primary' : 'default'} onClick={() => setInstance(i)} />
            ))}
          </Stack>
        )}
        <QueryState query={log}>
          {(data) =>
            data.lines.length ? (
              <Box component="pre" tabIndex={0} aria-label={title} sx={pre}>
                {data.lines.join('\n')}
              </Box>
            ) : (
              <Typography>{t('log.empty')}</Typography>
            )
          }
        </QueryState>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void log.refetch()}>{t('status.refresh')}</Button>
        <Button onClick={onClose} autoFocus>
          {t('log.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The release directories of an app: switch to one (checked and health-checked first), roll back. */
export function ReleasesDialog({ app, onClose }: { app: App; onClose: () => void }) {
  const { t } = useT();
  const args = { ...useServerArgs(), appId: app.id };
  const releases = nodejsApi.useListNodejsReleasesQuery(args);
  const [switchTo, switching] = nodejsApi.useSwitchNodejsReleaseMutation();
  const [rollback, rolling] = nodejsApi.useRollbackNodejsReleaseMutation();
  const [outcome, setOutcome] = useState<Schemas['NodejsReleaseOutcome'] & { asked: string }>();
  const busy = switching.isLoading || rolling.isLoading;
  const done = (asked: string) => (r: { data?: Schemas['NodejsReleaseOutcome'] }) => {
    if (r.data) setOutcome({ ...r.data, asked });
    void releases.refetch();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="nodejs-releases-title">
      <DialogTitle id="nodejs-releases-title">{t('releases.title', { name: app.name })}</DialogTitle>
      <DialogContent>
        <QueryState query={releases}>
          {(data) => (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('releases.upload', { directory: data.directory })}
              </Typography>
              {!data.releases.length && <Typography>{t('releases.none')}</Typography>}
              <List dense aria-label={t('releases.title', { name: app.name })}>
                {data.releases.map((r) => (
                  <ListItem
                    key={r.name}
                    secondaryAction={
                      !r.current && (
                        <WriteButton
                          size="small"
                          disabled={busy}
                          aria-label={t('releases.switch', { release: r.name })}
                          onClick={() => void switchTo({ ...args, body: { release: r.name } }).then(done(r.name))}
                        >
                          {t('releases.switchAction')}
                        </WriteButton>
                      )
                    }
                  >
                    <ListItemText
                      primary={<code>{r.name}</code>}
                      secondary={r.current ? t('releases.current') : r.previous ? t('releases.previous') : undefined}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </QueryState>
        {outcome && (
          <Alert severity={outcome.outcome === 'switched' ? 'success' : 'error'} sx={{ mt: 1 }} role="status">
            {t(outcome.outcome === 'switched' ? 'releases.switched' : 'releases.refused', { release: outcome.asked })}
            {outcome.output && (
              <Box component="pre" sx={{ ...pre, mt: 1 }}>
                {outcome.output}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {app.previousRelease && (
          <WriteButton disabled={busy} onClick={() => void rollback(args).then(done(app.previousRelease))}>
            {t('releases.rollback', { release: app.previousRelease })}
          </WriteButton>
        )}
        <Button onClick={onClose} autoFocus>
          {t('releases.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Live status of every instance (polled), crash-loop notices, control of an app's instances. */
export function StatusPanel({ apps }: { apps: readonly App[] }) {
  const { t } = useT();
  const args = useServerArgs();
  const status = nodejsApi.useGetNodejsStatusQuery(args, { pollingInterval: 5000 });
  const [control, controlling] = nodejsApi.useControlNodejsAppMutation();
  const byName = new Map(apps.map((a) => [a.name, a]));
  const columns: Column<Instance>[] = [
    { id: 'app', label: t('status.app'), render: (r) => <strong>{r.app}</strong>, sortValue: (r) => r.app },
    { id: 'process', label: t('status.process'), render: (r) => <code>{r.process}</code> },
    { id: 'state', label: t('status.state'), render: (r) => <Chip size="small" color={tone(r.state)} label={r.state} /> },
    { id: 'detail', label: t('status.detail'), render: (r) => r.detail },
  ];
  const act = (app: App, action: 'start' | 'stop' | 'restart') => void control({ ...args, appId: app.id, body: { action } }).then(() => status.refetch());
  return (
    <Box component="section" aria-labelledby="nodejs-status-title" sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="nodejs-status-title">
          {t('status.title')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void status.refetch()}>
          {t('status.refresh')}
        </Button>
      </Stack>
      <QueryState query={status}>
        {(data) =>
          !data.running ? (
            <Alert severity="info">{t('status.notRunning')}</Alert>
          ) : (
            <>
              {[...new Set(data.processes.filter((p) => p.crashLoop).map((p) => p.app))].map((name) => (
                <Alert key={name} severity="error" sx={{ mb: 1 }} data-testid={`nodejs-crashloop-${name}`}>
                  {t('status.crashLoop', { name, state: data.processes.find((p) => p.app === name && p.crashLoop)?.state ?? '' })}
                </Alert>
              ))}
              {[...new Set(data.processes.map((p) => p.app))].map((name) => {
                const app = byName.get(name);
                return app ? (
                  <Stack key={name} direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 0.5 }}>
                    <Typography sx={{ minWidth: 140 }}>{name}</Typography>
                    {(['start', 'stop', 'restart'] as const).map((a) => (
                      <WriteButton key={a} size="small" disabled={controlling.isLoading} onClick={() => act(app, a)} aria-label={t(`status.${a}`, { name })}>
                        {t(`status.actions.${a}`)}
                      </WriteButton>
                    ))}
                  </Stack>
                ) : null;
              })}
              <DataTable rows={data.processes} columns={columns} rowKey={(r) => r.process} caption={t('status.caption')} empty={t('status.none')} />
            </>
          )
        }
      </QueryState>
    </Box>
  );
}
