/**
 * Server part of the `supervisor` plugin: the programs of a server (desired state in `supervisor_programs`, a resource
 * of the SDK: `x-resources.supervisorProgram` in openapi.yaml), their rules, the apply of
 * `/etc/supervisor/conf.d/portal.conf` (checked by supervisord's own parser, see program.ts), and the live status,
 * control and log of each program read from the server's supervisord.
 */
import { conflict, defineResource, defineServerPlugin, found, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { supervisorProgramResource } from '../generated/resources.ts';
import { demoPrograms } from './fixtures.ts';
import { Migration20261128090610Supervisor } from './migrations/Migration20261128090610Supervisor.ts';
import { openVariable, presentEnvironment, secretForms, storeEnvironment } from './environment.ts';
import { readLog } from './log.ts';
import { Migration20261129120000SupervisorEnvironment } from './migrations/Migration20261129120000SupervisorEnvironment.ts';
import { SupervisorProgram } from './ProgramEntity.ts';
import programs, { programLogPath } from './program.ts';
import { programFilePath, renderPrograms, type RenderableProgram } from './render.ts';
import { checkProgram } from './rules.ts';
import { control, readStatus } from './status.ts';
import { SupervisorCrashLoop } from './CrashLoopEntity.ts';
import { Migration20261130090000SupervisorCrashLoops } from './migrations/Migration20261130090000SupervisorCrashLoops.ts';
import { startCrashWatch } from './watch.ts';

/** The crash-loop watcher of each portal (ports) this plugin was started in. */
const watchers = new Map<PluginPorts, () => void>();

/** The portal's secret box (handed over with the ports at start): secret values are sealed with it, opened to render. */
let box: PluginPorts['secrets'] | undefined;
const secrets = () => {
  if (!box) throw new Error('supervisor: the secret box is not ready (handlers not built yet)');
  return box;
};

/** A stored program with its environment opened, for the pure renderer; `secretValues`: how its secrets are written. */
const renderable = (p: SupervisorProgram, serverId: number): RenderableProgram & { secretValues: string[] } => {
  const env = (p.environment ?? []).map((v) => [v.name, openVariable(v, secrets(), serverId)] as const);
  const secretValues = (p.environment ?? []).flatMap((v, i) => (v.secret ? secretForms(env[i][1]) : []));
  return { ...p, environment: env, secretValues };
};

/** list, get, create, update, delete of the programs: 404 for another server's, rules under the lock, the change log. */
export const supervisorPrograms = defineResource(supervisorProgramResource, {
  entity: SupervisorProgram,
  present: (p) => ({
    id: p.id,
    name: p.name,
    command: p.command,
    directory: p.directory,
    user: p.user as 'www-data',
    numprocs: p.numprocs,
    autostart: p.autostart,
    autorestart: p.autorestart as 'unexpected',
    startsecs: p.startsecs,
    stopwaitsecs: p.stopwaitsecs,
    stopsignal: p.stopsignal as 'TERM',
    // A secret's value is never answered: `{ name, secret: true, set: true }`.
    environment: presentEnvironment(p.environment ?? []),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }),
  rules: (input, { existing, current }) => checkProgram(input, existing, current?.id, current?.environment ?? []),
  values: (input, { server, current }) => ({
    name: input.name.trim(),
    command: input.command.trim(),
    directory: input.directory.trim(),
    user: input.user,
    numprocs: input.numprocs,
    autostart: input.autostart,
    autorestart: input.autorestart,
    startsecs: input.startsecs,
    stopwaitsecs: input.stopwaitsecs,
    stopsignal: input.stopsignal,
    environment: storeEnvironment(input.environment, current?.environment ?? [], secrets(), server.id),
  }),
  // The name only: never a value of the environment.
  summary: (p) => ({ name: p.name }),
});

export default defineServerPlugin<Operations>({
  entities: [SupervisorProgram, SupervisorCrashLoop],
  migrations: [Migration20261128090610Supervisor, Migration20261129120000SupervisorEnvironment, Migration20261130090000SupervisorCrashLoops],
  programs,
  steps: { service: 'supervisor' },
  handlers: (ports): PluginHandlers<Operations> => {
    box = ports.secrets;
    return {
      ...supervisorPrograms.handlers(ports),
      getSupervisorStatus: async (c) => readStatus(ports.gateway(c.server.id)),
      getSupervisorProgramLog: async (c) => {
        const p = found(await c.em.findOne(SupervisorProgram, { id: c.params.programId, serverId: c.server.id }));
        return readLog(ports.gateway(c.server.id), programLogPath(p.name), c.query.lines ?? 200, c.query.after);
      },
      controlSupervisorProgram: async (c) => {
        const p = found(await c.em.findOne(SupervisorProgram, { id: c.params.programId, serverId: c.server.id }));
        const gw = ports.gateway(c.server.id);
        const before = await readStatus(gw);
        if (!before.running || !before.processes.some((x) => x.program === p.name)) throw conflict('supervisor:errors.not_applied');
        if (!(await control(gw, p.name, c.body.action))) throw conflict('supervisor:errors.not_applied');
        return readStatus(gw);
      },
    };
  },
  state: { entities: [SupervisorProgram] },
  render: async ({ em, server, hostPath }) => {
    const rows = (await supervisorPrograms.all(em, server.id)).map((p) => renderable(p, server.id));
    const secretValues = rows.flatMap((r) => r.secretValues);
    // The secrets' values stay in the file (supervisord reads them there); diffs, the files panel and check outputs
    // show them masked (`secretValues`).
    return [
      { path: programFilePath, content: renderPrograms(rows, hostPath), mode: 0o600, ...(secretValues.length ? { secretValues } : {}) },
    ];
  },
  // Crash loops become notices in the notification centre, also while nobody has the section open (watch.ts).
  start: (ports) => {
    watchers.get(ports)?.();
    watchers.set(ports, startCrashWatch(ports));
  },
  stop: () => {
    for (const stop of watchers.values()) stop();
    watchers.clear();
  },
  fixtures: async ({ em, server, clock }) => {
    if (server.role !== 'web' || (await em.count(SupervisorProgram, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const p of demoPrograms)
      em.create(SupervisorProgram, { ...p, environment: [], serverId: server.id, createdAt: now, updatedAt: now });
    await em.flush();
  },
});
