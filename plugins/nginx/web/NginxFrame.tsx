import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ApplyProgress, useManagedHost, useManagedJob, type ManagedJob } from '@portal/plugin-sdk/web';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { nginxApi, type NginxStatus } from './api.ts';
import { formatDateTime } from './format.ts';

export type NginxTab = 'domains' | 'redirects' | 'authentications' | 'config';

/** Starts an apply and follows its job (`?job=<id>`, so a reload keeps following it). */
export function useApply() {
  const host = useManagedHost();
  const [, setParams] = useSearchParams();
  const [applyConfig, state] = nginxApi.useApplyNginxConfigMutation();
  const [rollBack, rollbackState] = nginxApi.useRollBackNginxMutation();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const follow = (id: number) => setParams((p) => ({ ...Object.fromEntries(p), job: String(id) }), { replace: true });
  return {
    applying: state.isLoading,
    rollingBack: rollbackState.isLoading,
    apply: async () => {
      const r = await applyConfig(args);
      if ('error' in r) host.notifyFailure(r.error);
      else follow(r.data.id);
    },
    /** Resolves with the error of a refused rollback (no earlier version) so the caller can say why. */
    rollBack: async (): Promise<unknown> => {
      const r = await rollBack(args);
      if ('error' in r) return r.error;
      follow(r.data.id);
      return undefined;
    },
  };
}

/** nginx's state and whether the desired configuration is on the server. */
export function StatusBar({ status, onApply, applying }: { status: NginxStatus; onApply: () => void; applying: boolean }) {
  const { t, i18n } = useTranslation('nginx');
  const host = useManagedHost();
  const { service, tools } = status;
  return (
    <Stack spacing={1} data-testid="nginx-status">
      {status.pending ? (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" component={RouterLink} to={host.sectionPath('nginx', 'config')} sx={{ whiteSpace: 'nowrap' }}>
                {t('status.review')}
              </Button>
              <Button color="inherit" size="small" variant="outlined" onClick={onApply} disabled={applying} sx={{ whiteSpace: 'nowrap' }}>
                {t('status.apply')}
              </Button>
            </Stack>
          }
        >
          {t('status.pending', { count: status.changedFiles })}
        </Alert>
      ) : status.lastApplied ? (
        <Alert severity="success">{t('status.applied', { version: status.lastApplied.version, date: formatDateTime(status.lastApplied.appliedAt, i18n.language) })}</Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Chip
          size="small"
          color={service.state === 'running' ? 'success' : service.state === 'not_installed' ? 'warning' : 'default'}
          label={service.endpoint ? t(`status.service.${service.state}Endpoint`, { host: service.endpoint.host, port: service.endpoint.port }) : t(`status.service.${service.state}`)}
        />
        {!tools.nginx && <Typography variant="body2" color="text.secondary">{t('status.noNginx')}</Typography>}
      </Stack>
    </Stack>
  );
}

/** The running (or just finished) apply or rollback of this section. */
export function JobBanner({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation('nginx');
  const job = useManagedJob(jobId);
  const phase = job?.status === 'succeeded' || job?.status === 'failed' ? 'done' : 'running';
  const title = t(`job.title.${job?.kind === 'rollback' ? 'rollback' : 'apply'}.${phase}`);
  const [refresh] = nginxApi.useRefreshNginxMutation();
  // The outcome shows in the banner; the views load again (a failed apply restored the previous state).
  const finished = useCallback((_job: ManagedJob) => void refresh(), [refresh]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={1}>
          <Typography variant="subtitle2">{title}</Typography>
          <ApplyProgress jobId={jobId} onFinished={finished} />
        </Stack>
        <IconButton aria-label={t('actions.close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/** Every page of the section: status and apply, the running job, the tabs. */
export function NginxFrame({ tab, children }: { tab: NginxTab; children: ReactNode }) {
  const { t } = useTranslation('nginx');
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const status = nginxApi.useGetNginxStatusQuery(args);
  const { apply, applying } = useApply();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const tabs: [NginxTab, string][] = [
    ['domains', ''],
    ['redirects', 'redirects'],
    ['authentications', 'authentications'],
    ['config', 'config'],
  ];
  return (
    <Stack spacing={2}>
      {status.data && <StatusBar status={status.data} onApply={() => void apply()} applying={applying} />}
      {jobId && (
        <JobBanner
          key={jobId}
          jobId={jobId}
          onClose={() =>
            setParams(
              (p) => {
                p.delete('job');
                return p;
              },
              { replace: true },
            )
          }
        />
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')}>
          {tabs.map(([id, sub]) => (
            <Tab key={id} value={id} label={t(`tabs.${id}`)} component={RouterLink} to={host.sectionPath('nginx', sub || undefined)} />
          ))}
        </Tabs>
      </Box>
      {children}
    </Stack>
  );
}
