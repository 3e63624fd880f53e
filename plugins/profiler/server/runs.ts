/**
 * Runs ("profile now"): php-cli executes a script of a site's document root under the live snippet, which profiles
 * it because `-d portal_profiler.run=<profile id>` names it; the run then reads the profile the snippet wrote. One run
 * per server at a time, in the background after the request, its steps stored on the row and published as
 * `profiler.run` events.
 */
import { randomBytes } from 'node:crypto';
import {
  conflict,
  eventsOf,
  isServerUnreachable,
  validationFailed,
  type ErrorNameOf,
  type PluginDatabase,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import type { Schemas } from '@portal/openapi';
import type { TranslationKey } from '../generated/i18n.ts';
import type { ProfilerEvents } from '../shared/events.ts';
import { ProfilerRun, ProfilerSite } from './entities.ts';
import { readMeta } from './profiles.ts';
import { iniPath } from './render.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `profiler:errors.${k}` as const;
const staleAfterMs = 5 * 60_000;
export const runTimeoutMs = 60_000;

export const presentRun = (r: ProfilerRun): Schemas['ProfilerRun'] => ({
  id: r.id,
  siteId: r.siteId,
  host: r.host,
  script: r.script,
  uri: r.uri,
  status: r.status as Schemas['ProfilerRun']['status'],
  step: r.step as Schemas['ProfilerRun']['step'],
  output: r.output.slice(-20_000),
  profileId: r.profileId ?? null,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** A script path below the document root: no empty, `.` or `..` segment. */
export const scriptProblem = (script: string) =>
  script.split('/').some((s) => s === '' || s === '.' || s === '..') ? key('script_segment') : undefined;

/** php-cli's arguments for a run: only the live include (and php-excimer), the run's name, host and URI, the script. */
export function phpArgs(profileId: string, host: string, uri: string, script: string) {
  // -d values go through PHP's ini parser: quoted, so `?`, `&` and `=` of a URI stay as they are (the contract allows no `"` or `$`).
  return [
    '-n',
    '-c',
    { path: iniPath },
    '-d',
    'extension=excimer.so',
    '-d',
    `portal_profiler.run=${profileId}`,
    '-d',
    `portal_profiler.host=${host}`,
    '-d',
    `portal_profiler.uri="${uri}"`,
    { path: script },
  ];
}

export function profilerRuns(ports: PluginPorts) {
  const events = eventsOf<ProfilerEvents>(ports);
  const running = new Set<number>();

  async function settleStale(em: PluginDatabase, serverId: number) {
    const now = ports.clock.now().getTime();
    for (const r of await em.find(ProfilerRun, { serverId, status: 'running' }))
      if (!running.has(r.id) && now - r.createdAt.getTime() > staleAfterMs)
        em.assign(r, { status: 'failed', step: 'done', output: `${r.output}interrupted\n`, finishedAt: new Date(now) });
    await em.flush();
  }

  async function execute(serverId: number, runId: number): Promise<void> {
    const em = ports.database.fork();
    const run = (await em.findOne(ProfilerRun, { id: runId }))!;
    const publish = () => events.publish(serverId, 'run', presentRun(run)).catch(() => undefined);
    const step = async (s: 'running' | 'reading') => {
      em.assign(run, { step: s });
      await em.flush();
      await publish();
    };
    try {
      const site = await em.findOne(ProfilerSite, { id: run.siteId, serverId });
      if (!site) throw new Error('the site was removed');
      const gw = ports.gateway(serverId);
      if ((await gw.readFile(iniPath)) === null) throw new Error('the profiling configuration is not applied yet: apply it first');
      await step('running');
      const profileId = `run-${run.id}-${randomBytes(3).toString('hex')}`;
      const r = await gw.run({
        tool: 'php',
        args: phpArgs(profileId, run.host, run.uri, `${site.documentRoot}/${run.script}`),
        timeoutMs: runTimeoutMs,
      });
      const said = r.stderr.trim();
      em.assign(run, {
        output: `${said ? `${said}\n` : ''}php exited with ${r.timedOut ? 'a time-out' : r.exitCode} after ${Math.round(r.durationMs)} ms\n`,
      });
      await step('reading');
      const meta = await readMeta(gw, profileId);
      if (!meta) throw new Error('php wrote no profile (is php-excimer installed and the site in the applied configuration?)');
      em.assign(run, { status: 'succeeded', step: 'done', profileId, finishedAt: ports.clock.now() });
    } catch (e) {
      const message = isServerUnreachable(e) ? 'the server is unreachable' : e instanceof Error ? e.message : String(e);
      ports.logger.warn({ runId, err: message }, 'profiler run failed');
      em.assign(run, { status: 'failed', step: 'done', output: `${run.output}${message}\n`.slice(-20_000), finishedAt: ports.clock.now() });
    }
    await em.flush();
    await publish();
  }

  return {
    async list(em: PluginDatabase, serverId: number) {
      await settleStale(em, serverId);
      return (await em.find(ProfilerRun, { serverId }, { orderBy: { id: 'desc' }, limit: 20 })).map(presentRun);
    },
    async get(em: PluginDatabase, serverId: number, id: number) {
      return em.findOne(ProfilerRun, { id, serverId });
    },
    /** Checks, stores the queued run and starts it after the request's commit. */
    async start(em: PluginDatabase, serverId: number, input: Schemas['ProfilerRunInput']) {
      const site = await em.findOne(ProfilerSite, { id: input.siteId, serverId });
      const errors: Record<string, string[]> = {};
      if (!site) errors.siteId = [key('site_not_found')];
      const bad = scriptProblem(input.script);
      if (bad) errors.script = [bad];
      if (Object.keys(errors).length) throw validationFailed(errors);
      await settleStale(em, serverId);
      if (await em.count(ProfilerRun, { serverId, status: 'running' })) throw conflict(key('run_running'));
      const run = em.create(ProfilerRun, {
        serverId,
        siteId: site!.id,
        host: site!.host,
        script: input.script,
        uri: input.uri,
        status: 'running',
        step: 'queued',
        output: '',
        profileId: null,
        createdAt: ports.clock.now(),
        finishedAt: null,
      });
      await em.flush();
      running.add(run.id);
      ports.background(() => execute(serverId, run.id).finally(() => running.delete(run.id)));
      return run;
    },
  };
}
