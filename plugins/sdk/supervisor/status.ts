/**
 * Live status and control of programs through the server's supervisord: `supervisorctl -c <main conf> status`
 * (parsed here, pure) and `start|stop|restart <name>:*`. BACKOFF and FATAL are a crash loop: the process exits
 * faster than `startsecs` again and again (BACKOFF: supervisord still retries; FATAL: it gave up).
 */
import type { ServerGateway } from '../gateway.ts';
import { supervisorMainConfPath } from './program.ts';

/** One process as `supervisorctl status` reports it. */
export interface SupervisorProcessStatus {
  /** The program (group) name. */
  program: string;
  /** `group:name_00` or the program's name. */
  process: string;
  /** RUNNING, STARTING, BACKOFF, STOPPED, EXITED, FATAL, … */
  state: string;
  detail: string;
  crashLoop: boolean;
}

export interface SupervisorStatus {
  /** Whether supervisord answers. */
  running: boolean;
  processes: SupervisorProcessStatus[];
}

/** One line of `supervisorctl status`: `name  STATE  detail` or `group:name_00  STATE  detail`. */
export function parseSupervisorStatus(stdout: string): SupervisorProcessStatus[] {
  const out: SupervisorProcessStatus[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+)\s+([A-Z]+)\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, process, state, detail] = m;
    const program = process.includes(':') ? process.slice(0, process.indexOf(':')) : process;
    out.push({
      program: program.slice(0, 80),
      process: process.slice(0, 90),
      state: state.slice(0, 12),
      detail: detail.slice(0, 300),
      crashLoop: state === 'BACKOFF' || state === 'FATAL',
    });
  }
  return out;
}

const ctl = (gw: ServerGateway, args: string[]) =>
  gw.run({ tool: 'supervisorctl', args: ['-c', { path: supervisorMainConfPath }, ...args], timeoutMs: 30_000 });

/** The status of every process; `running: false` when supervisord does not answer. */
export async function readSupervisorStatus(gw: ServerGateway): Promise<SupervisorStatus> {
  if ((await gw.service('supervisor').status()).state !== 'running') return { running: false, processes: [] };
  const r = await ctl(gw, ['status']);
  // exit 3: some process is not RUNNING (the output is still the status); 4: no connection.
  if (r.exitCode === 4 || /refused connection|no such file/i.test(r.stdout + r.stderr)) return { running: false, processes: [] };
  return { running: true, processes: parseSupervisorStatus(r.stdout) };
}

/** Starts, stops or restarts all processes of a program (group); false when supervisord does not know it. */
export const controlSupervisorProgram = (gw: ServerGateway, name: string, action: 'start' | 'stop' | 'restart'): Promise<boolean> =>
  controlSupervisorProcess(gw, `${name}:*`, action);

/** The same for one process (`group:name`, as `status` names it): nodejs restarts its instances one after the other. */
export async function controlSupervisorProcess(gw: ServerGateway, process: string, action: 'start' | 'stop' | 'restart'): Promise<boolean> {
  const r = await ctl(gw, [action, process]);
  return !/ERROR \(no such (group|process)\)|refused connection/i.test(r.stdout + r.stderr);
}
