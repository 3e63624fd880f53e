import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ResponseOf } from '@portal/openapi';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const unreachableReasons = ['auth_refused', 'host_key_unknown', 'host_key_changed', 'timeout', 'connection_failed', 'connection_lost', 'not_configured'] as const;
/** The reason a gateway gave for an unreachable server (the job log's last detail `job.unreachableReason.<reason>`). */
function unreachableReason(log: readonly { detail?: string }[] | undefined): (typeof unreachableReasons)[number] | undefined {
  const reason = log?.at(-1)?.detail?.replace(/^job\.unreachableReason\./, '');
  return unreachableReasons.find((r) => r === reason);
}
import { operationRequest, type ArgsOf } from './client.ts';
import type { ManagedJob } from './events.ts';
import { managedApi, useManagedHost, useServerEvent } from './runtime.tsx';

export type { ManagedJob };

/** The job endpoint (stories may fill its cache with `jobsApi.util.upsertQueryData`). */
export const jobsApi = managedApi.injectEndpoints({
  endpoints: (build) => ({
    getManagedJob: build.query<ManagedJob, { clusterId: number; serverId: number; jobId: number }>({
      query: (a) => operationRequest('getManagedJob', 'GET', 'api/v1/clusters/{clusterId}/servers/{serverId}/managed/jobs/{jobId}', a),
      providesTags: (_r, _e, a) => [{ type: 'ManagedJob', id: a.jobId }],
    }),
    /** The platform's rollback of one plugin (use `useApply(client).rollBack()`). */
    rollBackManagedPlugin: build.mutation<ResponseOf<'rollBackManagedPlugin'>, ArgsOf<'rollBackManagedPlugin'>>({
      query: (a) => operationRequest('rollBackManagedPlugin', 'POST', 'api/v1/clusters/{clusterId}/servers/{serverId}/managed/plugins/{pluginId}/rollback', a),
    }),
    /** Applies a plugin's pending changes again after the server could not be reached (use `useApply(client).retry()`). */
    retryManagedPlugin: build.mutation<ResponseOf<'retryManagedPlugin'>, ArgsOf<'retryManagedPlugin'>>({
      query: (a) => operationRequest('retryManagedPlugin', 'POST', 'api/v1/clusters/{clusterId}/servers/{serverId}/managed/plugins/{pluginId}/retry', a),
    }),
    /** Applies anyway after `job.drift`, replacing the server's edits (use `useApply(client).overwrite()`). */
    overwriteManagedDrift: build.mutation<ResponseOf<'overwriteManagedDrift'>, ArgsOf<'overwriteManagedDrift'>>({
      query: (a) => operationRequest('overwriteManagedDrift', 'POST', 'api/v1/clusters/{clusterId}/servers/{serverId}/managed/plugins/{pluginId}/drift/{jobId}/overwrite', a),
    }),
    /** Keeps the server's files after `job.drift` as the applied version (use `useApply(client).keep()`). */
    keepManagedDrift: build.mutation<ResponseOf<'keepManagedDrift'>, ArgsOf<'keepManagedDrift'>>({
      query: (a) => operationRequest('keepManagedDrift', 'POST', 'api/v1/clusters/{clusterId}/servers/{serverId}/managed/plugins/{pluginId}/drift/{jobId}/keep', a),
      invalidatesTags: (_r, _e, a) => [{ type: 'ManagedJob', id: a.jobId }, 'ManagedChanges'],
    }),
  }),
});

const finished = (job: ManagedJob | undefined) => job?.status === 'succeeded' || job?.status === 'failed';

/**
 * A job's current state: from `managed.job` events of the server's room, and by polling while the
 * real-time channel is down (or slowly, as a safety net, while it is up).
 */
export function useManagedJob(jobId: number | undefined): ManagedJob | undefined {
  const host = useManagedHost();
  const [pushed, setPushed] = useState<ManagedJob>();
  const [done, setDone] = useState(false);
  const { data } = jobsApi.useGetManagedJobQuery(
    { clusterId: host.cluster.id, serverId: host.server.id, jobId: jobId ?? 0 },
    { skip: !jobId, pollingInterval: done ? 0 : host.connected ? 5000 : 1000 },
  );
  useServerEvent('managed.job', (job) => {
    if (job.id === jobId) setPushed(job);
  });
  // The newer of the two: a finished job wins, otherwise the one further along.
  const candidates = [data, pushed].filter((j): j is ManagedJob => !!j && j.id === jobId);
  const job = candidates.sort(
    (a, b) => Number(finished(b)) - Number(finished(a)) || b.progress - a.progress || b.log.length - a.log.length,
  )[0];
  const isDone = finished(job);
  useEffect(() => {
    if (isDone) setDone(true);
  }, [isDone]);
  return job;
}

/** Progress of an apply or rollback job, with its outcome; `onFinished` runs once when it ends. */
export function ApplyProgress({ jobId, onFinished }: { jobId: number; onFinished?: (job: ManagedJob) => void }) {
  const { t } = useTranslation('managed');
  const job = useManagedJob(jobId);
  const reported = useRef<number>(undefined);
  useEffect(() => {
    if (job && finished(job) && reported.current !== job.id) {
      reported.current = job.id;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  if (!job) return <LinearProgress aria-label={t('job.loading')} />;
  const validation = job.validation;
  return (
    <Box data-testid="apply-progress" data-status={job.status} sx={{ display: 'grid', gap: 1 }}>
      {!finished(job) && (
        <>
          <LinearProgress variant="determinate" value={job.progress} aria-label={t('job.progress')} />
          <Typography variant="body2" color="text.secondary">
            {t(`job.step.${job.step}`)} ({job.progress} %)
          </Typography>
        </>
      )}
      {job.status === 'succeeded' && <Alert severity="success">{t(job.kind === 'rollback' ? 'job.rolledBack' : 'job.applied')}</Alert>}
      {/* A check that could not run (its tool is missing) is worth a warning; a service that has no check
          of its own (cron re-reads its files) is no news to the user (issue 15: no technical "keine Prüfung"). */}
      {job.status === 'succeeded' && validation?.status === 'skipped' && validation.reason !== 'not_supported' && (
        <Alert severity="warning">
          {t(`job.validationSkipped.${validation.reason ?? 'tool_missing'}`, { tool: validation.tool ?? '' })}
        </Alert>
      )}
      {/* The server could not be reached: the change is kept (not a refused configuration), it can be applied again. */}
      {job.status === 'failed' && validation?.output === 'job.unreachable' && (
        <Alert severity="warning">
          {t('job.unreachable')}
          {/* Why (the ssh gateway, issue 28): refused login, unknown or changed host key, time-out, connection lost. */}
          {unreachableReason(job.log) && ` ${t(`job.unreachableReason.${unreachableReason(job.log)!}`)}`}
        </Alert>
      )}
      {/* Files changed on the server: nothing written, the change kept until the user decides (the banner's drift panel). */}
      {job.status === 'failed' && validation?.output === 'job.drift' && <Alert severity="warning">{t('job.drift')}</Alert>}
      {job.status === 'failed' && validation?.output !== 'job.unreachable' && validation?.output !== 'job.drift' && (
        <Alert severity="error">
          {t('job.failed')}
          {validation?.output && (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0, mt: 1 }}>
              {validation.output}
            </Box>
          )}
        </Alert>
      )}
    </Box>
  );
}
