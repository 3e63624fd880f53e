/**
 * Live status and control of the programs through the server's supervisord — the SDK's (`@portal/plugin-sdk/supervisor`),
 * shared with the nodejs plugin, cut to this plugin's contract.
 */
import type { Schemas } from '@portal/openapi';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { controlSupervisorProgram, parseSupervisorStatus, readSupervisorStatus } from '@portal/plugin-sdk/supervisor';

/** One line of `supervisorctl status` per process. */
export const parseStatus = (stdout: string): Schemas['SupervisorProcess'][] => parseSupervisorStatus(stdout).map((p) => ({ ...p, program: p.program.slice(0, 40) }));

/** The status of every process; `running: false` when supervisord does not answer. */
export async function readStatus(gw: ServerGateway): Promise<Schemas['SupervisorStatus']> {
  const s = await readSupervisorStatus(gw);
  return { running: s.running, processes: s.processes.map((p) => ({ ...p, program: p.program.slice(0, 40) })) };
}

/** Starts, stops or restarts all processes of a program; false when supervisord does not know it. */
export const control = (gw: ServerGateway, name: string, action: 'start' | 'stop' | 'restart') => controlSupervisorProgram(gw, name, action);
