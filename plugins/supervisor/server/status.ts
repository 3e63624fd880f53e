/**
 * Live status and control of the programs through the server's supervisord — the SDK's (`@portal/plugin-sdk/supervisor`),
 * shared with the nodejs plugin, cut to this plugin's contract — and the crash-loop detection: BACKOFF or FATAL
 * (the SDK's), or a process supervisord started more than `crashLoopRestarts` times within the last minute. The
 * second case is a process that outlives `startsecs` and exits again: supervisord restarts it for ever and it never
 * reaches BACKOFF. The starts are counted in supervisord's own log (`spawned: '<name>' with pid …`, the server's
 * local time, compared with the server's clock read by `date`, so the time zones never meet).
 */
import type { Schemas } from '@portal/openapi';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { controlSupervisorProgram, parseSupervisorStatus, readSupervisorStatus, supervisorLogDir } from '@portal/plugin-sdk/supervisor';

/** More exits than this within `crashLoopWindowSeconds` is a crash loop. */
export const crashLoopRestarts = 3;
export const crashLoopWindowSeconds = 60;
const mainLog = `${supervisorLogDir}/supervisord.log`;

/** `YYYY-MM-DD HH:MM:SS` as seconds (a wall-clock reading: only differences of two of them count). */
const wallSeconds = (s: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(s);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000 : null;
};

/** Exits per process name (`name` or `name_00`, as supervisord logs them) within the window before `now`, pure. */
export function countExits(logLines: readonly string[], now: string): Map<string, number> {
  const out = new Map<string, number>();
  const end = wallSeconds(now);
  if (end === null) return out;
  for (const line of logLines) {
    const m = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}),\d+ \w+ exited: (\S+) \(/.exec(line);
    const at = m && wallSeconds(m[1]);
    if (!m || at === null || end - at > crashLoopWindowSeconds || at - end > 5) continue;
    out.set(m[2], (out.get(m[2]) ?? 0) + 1);
  }
  return out;
}

type Process = Schemas['SupervisorProcess'];

/** A process with its exits of the last minute (`restarts`): `crashLoop` also for more than `crashLoopRestarts`. */
const withStarts = (p: Omit<Process, 'restarts'>, starts: Map<string, number>): Process => {
  const restarts = Math.min(starts.get(p.process.slice(p.process.indexOf(':') + 1)) ?? 0, 10_000);
  return { ...p, program: p.program.slice(0, 40), restarts, crashLoop: p.crashLoop || restarts > crashLoopRestarts };
};

/** One line of `supervisorctl status` per process (no exits counted). */
export const parseStatus = (stdout: string): Process[] => parseSupervisorStatus(stdout).map((p) => withStarts(p, new Map()));

async function recentStarts(gw: ServerGateway): Promise<Map<string, number>> {
  const [lines, now] = await Promise.all([gw.tail(mainLog, 2000), gw.run({ tool: 'date', args: ['+%Y-%m-%d %H:%M:%S'], timeoutMs: 5000 })]);
  return now.exitCode === 0 ? countExits(lines, now.stdout.trim()) : new Map();
}

/** The status of every process; `running: false` when supervisord does not answer. */
export async function readStatus(gw: ServerGateway): Promise<Schemas['SupervisorStatus']> {
  const s = await readSupervisorStatus(gw);
  if (!s.running) return { running: false, processes: [] };
  const starts = await recentStarts(gw);
  return { running: true, processes: s.processes.map((p) => withStarts(p, starts)) };
}

/** Starts, stops or restarts all processes of a program; false when supervisord does not know it. */
export const control = (gw: ServerGateway, name: string, action: 'start' | 'stop' | 'restart') =>
  controlSupervisorProgram(gw, name, action);
