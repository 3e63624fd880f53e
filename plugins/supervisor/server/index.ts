/**
 * Server part of the `supervisor` plugin: the programs of a server (desired state in `supervisor_programs`, a resource
 * of the SDK: `x-resources.supervisorProgram` in openapi.yaml), their rules, the apply of
 * `/etc/supervisor/conf.d/portal.conf` (checked by supervisord's own parser, see program.ts), and the live status,
 * control and log of each program read from the server's supervisord.
 */
import { conflict, defineResource, defineServerPlugin, found, type PluginHandlers } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { supervisorProgramResource } from '../generated/resources.ts';
import { demoPrograms } from './fixtures.ts';
import { Migration20261128090610Supervisor } from './migrations/Migration20261128090610Supervisor.ts';
import { SupervisorProgram } from './ProgramEntity.ts';
import programs, { programLogPath } from './program.ts';
import { programFilePath, renderPrograms } from './render.ts';
import { checkProgram } from './rules.ts';
import { control, readStatus } from './status.ts';

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
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }),
  rules: (input, { existing, current }) => checkProgram(input, existing, current?.id),
  summary: (p) => ({ name: p.name }),
});

export default defineServerPlugin<Operations>({
  entities: [SupervisorProgram],
  migrations: [Migration20261128090610Supervisor],
  programs,
  steps: { service: 'supervisor' },
  handlers: (ports): PluginHandlers<Operations> => ({
    ...supervisorPrograms.handlers(ports),
    getSupervisorStatus: async (c) => readStatus(ports.gateway(c.server.id)),
    getSupervisorProgramLog: async (c) => {
      const p = found(await c.em.findOne(SupervisorProgram, { id: c.params.programId, serverId: c.server.id }));
      const path = programLogPath(p.name);
      const lines = await ports.gateway(c.server.id).tail(path, c.query.lines ?? 200);
      return { path, lines: lines.map((l) => l.slice(0, 10_000)) };
    },
    controlSupervisorProgram: async (c) => {
      const p = found(await c.em.findOne(SupervisorProgram, { id: c.params.programId, serverId: c.server.id }));
      const gw = ports.gateway(c.server.id);
      const before = await readStatus(gw);
      if (!before.running || !before.processes.some((x) => x.program === p.name)) throw conflict('supervisor:errors.not_applied');
      if (!(await control(gw, p.name, c.body.action))) throw conflict('supervisor:errors.not_applied');
      return readStatus(gw);
    },
  }),
  state: { entities: [SupervisorProgram] },
  render: async ({ em, server, hostPath }) => [
    { path: programFilePath, content: renderPrograms(await supervisorPrograms.all(em, server.id), hostPath), mode: 0o644 },
  ],
  fixtures: async ({ em, server, clock }) => {
    if (server.role !== 'web' || (await em.count(SupervisorProgram, { serverId: server.id })) > 0) return;
    const now = clock.now();
    for (const p of demoPrograms) em.create(SupervisorProgram, { ...p, serverId: server.id, createdAt: now, updatedAt: now });
    await em.flush();
  },
});
