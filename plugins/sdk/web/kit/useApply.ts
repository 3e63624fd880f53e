import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { jobsApi } from '../ApplyProgress.tsx';
import type { CallResult, PluginClient } from '../client.ts';
import type { ManagedJob } from '../events.ts';
import { useManagedDispatch, useManagedHost } from '../runtime.tsx';

/** The message key of a failed call (`errors.managed_no_previous_version`), if it has one. */
export const errorMessageOf = (e: unknown): string | undefined => (e as { data?: { error?: { message?: string } } } | undefined)?.data?.error?.message;

/** The first message key of a failed call's field (`ssh:errors.rsa_too_short` for `publicKey`), if it has one. */
export const fieldErrorOf = (e: unknown, field: string): string | undefined => (e as { data?: { error?: { fields?: Record<string, string[]> } } } | undefined)?.data?.error?.fields?.[field]?.[0];

export type RollBackOutcome = 'started' | 'nothing' | 'failed';

export interface Apply {
  /** The plugin whose jobs these are. */
  pluginId: string;
  /** The job the section follows (kept in the address, `?job=12`, so it survives moving between pages). */
  jobId: number | undefined;
  /** `?job=12` when a job is followed, for links that keep following it. */
  jobParam: string;
  /** Follows a job (e.g. the 202 answer of a create). */
  follow(job: Pick<ManagedJob, 'id'>): void;
  /** Stops showing the job. */
  dismiss(): void;
  /**
   * Awaits a call that answers with a job (202 ApplyStarted) and follows it; a failure is shown as a
   * notice. Resolves with the call's result (a form may turn its error into field errors instead: pass
   * `{ notify: false }`).
   */
  track<T extends ManagedJob>(call: CallResult<T>, options?: { notify?: boolean }): Promise<{ data: T; error?: undefined } | { data?: undefined; error: unknown }>;
  /** Applies the stored state again (the plugin's apply operation) and follows the job. */
  applyNow(): Promise<void>;
  /** Rolls the section back to the version before the current one and follows the job. */
  rollBack(): Promise<RollBackOutcome>;
  /** Applies the section's pending changes again (after `job.unreachable`) and follows the job. */
  retry(): Promise<void>;
  /** After `job.drift`: applies anyway, replacing the server's edits the job showed, and follows the new job. */
  overwrite(job: Pick<ManagedJob, 'id'>): Promise<void>;
  /** After `job.drift`: keeps the server's files as the applied version (the change stays pending). */
  keep(job: Pick<ManagedJob, 'id'>): Promise<void>;
  /** Call when the followed job ended: every cached answer of the plugin is loaded again. */
  finished(job?: ManagedJob): void;
}

/**
 * Starting and following apply jobs of one plugin: its apply operation, the platform's rollback, the
 * job over the socket with polling as fallback (`ApplyBanner`/`useManagedJob`), and afterwards the
 * plugin's data made stale. Every apply of a plugin goes through here, so a renamed or generated
 * apply operation is a change of the generated client only.
 */
export function useApply(client: PluginClient): Apply {
  const host = useManagedHost();
  const dispatch = useManagedDispatch();
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || undefined;
  const [rollBackCall] = jobsApi.useRollBackManagedPluginMutation();
  const [retryCall] = jobsApi.useRetryManagedPluginMutation();
  const [overwriteCall] = jobsApi.useOverwriteManagedDriftMutation();
  const [keepCall] = jobsApi.useKeepManagedDriftMutation();
  const server = useMemo(() => ({ clusterId: host.cluster.id, serverId: host.server.id }), [host.cluster.id, host.server.id]);

  const follow = useCallback(
    (job: Pick<ManagedJob, 'id'>) =>
      setParams(
        (p) => {
          p.set('job', String(job.id));
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const dismiss = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete('job');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const finished = useCallback(() => void dispatch(client.invalidate()), [dispatch, client]);

  const track: Apply['track'] = async (call, options) => {
    const r = await call;
    if (r.error !== undefined || !r.data) {
      if (options?.notify !== false) host.notifyFailure(r.error);
      return { error: r.error };
    }
    dispatch(client.invalidate());
    follow(r.data);
    return { data: r.data };
  };

  return {
    pluginId: client.pluginId,
    jobId,
    jobParam: jobId ? `?job=${jobId}` : '',
    follow,
    dismiss,
    track,
    finished,
    applyNow: async () => {
      if (!client.apply) throw new Error(`plugin ${client.pluginId} has no apply operation`);
      await track(client.apply(dispatch, server));
    },
    rollBack: async () => {
      const r = await rollBackCall({ ...server, pluginId: client.pluginId });
      if ('data' in r && r.data) {
        follow(r.data);
        return 'started';
      }
      if (errorMessageOf(r.error) === 'errors.managed_no_previous_version') return 'nothing';
      host.notifyFailure(r.error);
      return 'failed';
    },
    retry: async () => {
      const r = await retryCall({ ...server, pluginId: client.pluginId });
      if ('data' in r && r.data) follow(r.data);
      else host.notifyFailure(r.error);
    },
    overwrite: async (job) => {
      const r = await overwriteCall({ ...server, pluginId: client.pluginId, jobId: job.id });
      if ('data' in r && r.data) follow(r.data);
      else host.notifyFailure(r.error);
    },
    keep: async (job) => {
      const r = await keepCall({ ...server, pluginId: client.pluginId, jobId: job.id });
      if ('data' in r && r.data) dispatch(client.invalidate());
      else host.notifyFailure(r.error);
    },
  };
}
