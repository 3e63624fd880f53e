/**
 * The crash-loop watcher: every `crashWatch.everyMs` (a minute) it reads the status of each server the section was
 * applied to — with the section's own detection (`status.ts`) — and raises one notice per program and crash loop in
 * the notification centre (`ports.notify`), for the users who may see the server, without anyone having the page
 * open. A loop is remembered (`SupervisorCrashLoop`) until every process of the program is RUNNING again without a
 * crash loop, or the program is gone; then the next loop is a new notice.
 */
import { startPoller, noticeTexts, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Schemas } from '@portal/openapi';
import { SupervisorCrashLoop } from './CrashLoopEntity.ts';
import { SupervisorProgram } from './ProgramEntity.ts';
import { readStatus } from './status.ts';

/** How often the watcher looks (tests set a shorter interval before the portal starts). */
export const crashWatch = { everyMs: 60_000 };

type Process = Schemas['SupervisorProcess'];

/** The section's texts (its i18n files), for the notices; loaded when the first one is raised. */
const texts = async () => ({
  de: (await import('../i18n/de.json', { with: { type: 'json' } })).default,
  en: (await import('../i18n/en.json', { with: { type: 'json' } })).default,
});

/** Per program: in a crash loop (with the state to name), or running well, or neither (starting, stopped). Pure. */
export function programHealth(processes: readonly Process[]): Map<string, { crashLoop: Process | null; running: boolean }> {
  const out = new Map<string, { crashLoop: Process | null; running: boolean }>();
  for (const p of processes) {
    const h = out.get(p.program) ?? { crashLoop: null, running: true };
    if (p.crashLoop) h.crashLoop ??= p;
    if (p.crashLoop || p.state !== 'RUNNING') h.running = false;
    out.set(p.program, h);
  }
  return out;
}

/** One look at one server: announces new crash loops, forgets the ended ones. */
export async function watchServer(ports: PluginPorts, serverId: number): Promise<void> {
  const em = ports.database.fork();
  const server = await em.server(serverId);
  if (!server?.services.includes('supervisor') || !(await ports.jobs.lastApplied(serverId))) return;
  const status = await readStatus(ports.gateway(serverId));
  // supervisord not answering tells nothing about the programs: what was announced stays announced.
  if (!status.running) return;
  const health = programHealth(status.processes);
  const known = await em.find(SupervisorCrashLoop, { serverId });
  const over = known.filter((k) => !health.has(k.program) || health.get(k.program)!.running).map((k) => k.id);
  if (over.length) await em.nativeDelete(SupervisorCrashLoop, { id: { $in: over } });
  for (const [program, h] of health) {
    if (!h.crashLoop || known.some((k) => k.program === program)) continue;
    const row = await remember(ports, serverId, program);
    if (!row) continue;
    const notice = noticeTexts(await texts(), 'crash_loop', { program, server: server.name, state: h.crashLoop.state });
    await ports.notify(serverId, { fact: `crash-loop:${row.id}`, ...notice, path: '' });
  }
}

/** Records a new crash loop; `null` when another portal instance recorded it first. */
async function remember(ports: PluginPorts, serverId: number, program: string): Promise<SupervisorCrashLoop | null> {
  const em = ports.database.fork();
  const row = em.create(SupervisorCrashLoop, { serverId, program, since: ports.clock.now() });
  try {
    await em.flush();
    return row;
  } catch (e) {
    if (await ports.database.fork().count(SupervisorCrashLoop, { serverId, program })) return null;
    throw e;
  }
}

/** Starts the watcher (`ServerPlugin.start`); answers the function that stops it. */
export function startCrashWatch(ports: PluginPorts, everyMs = crashWatch.everyMs): () => void {
  return startPoller(ports, 'supervisor crash-loop watch', everyMs, async () => {
    const em = ports.database.fork();
    const servers = new Set([...(await em.find(SupervisorProgram, {}, { fields: ['serverId'] })), ...(await em.find(SupervisorCrashLoop, {}, { fields: ['serverId'] }))].map((r) => r.serverId));
    for (const serverId of servers) {
      // One server that cannot be reached does not keep the others from being watched.
      await watchServer(ports, serverId).catch((e: unknown) => ports.logger.warn({ err: e instanceof Error ? e.message : String(e), serverId }, 'supervisor crash-loop watch'));
    }
  });
}
