/**
 * Renders a server's programs as `/etc/supervisor/conf.d/portal.conf`, pure, with the SDK's program block writer
 * (`@portal/plugin-sdk/supervisor`: values written as they are, `%` as `%%`). The contract's patterns keep every
 * value on one line; this renderer refuses a value outside them before the writer sees it.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
import { renderSupervisorFile, renderSupervisorProgram, type SupervisorProgramBlock } from '@portal/plugin-sdk/supervisor';
import { supervisorProgramResource } from '../generated/resources.ts';
import { programFilePath, programLogPath } from './program.ts';

export { programFilePath };

export interface RenderableProgram {
  id: number;
  name: string;
  command: string;
  directory: string;
  user: string;
  numprocs: number;
  autostart: boolean;
  autorestart: string;
  startsecs: number;
  stopwaitsecs: number;
  stopsignal: string;
  /** The environment in order, values in the clear (opened by the caller). */
  environment?: readonly (readonly [string, string])[];
}

const f = supervisorProgramResource.fields;
const patterns = { name: fieldPattern(f.name)!, command: fieldPattern(f.command)!, directory: fieldPattern(f.directory)! };

export function renderProgram(p: RenderableProgram, hostPath: (path: string) => string = (x) => x): string {
  const bad = (['name', 'command', 'directory'] as const).find((k) => !patterns[k].test(p[k]) || /[\r\n]/.test(p[k]));
  if (bad || !(f.user.enum as readonly string[]).includes(p.user) || !(f.stopsignal.enum as readonly string[]).includes(p.stopsignal))
    throw new Error(`supervisor program ${p.id}: value not allowed (${bad ?? 'enum'})`);
  return renderSupervisorProgram({
    ...p,
    autorestart: p.autorestart as SupervisorProgramBlock['autorestart'],
    environment: Object.fromEntries(p.environment ?? []),
    // The directory is a path like those in the command: the program's own, not mapped into a sandbox.
    logFile: hostPath(programLogPath(p.name)),
  });
}

export function renderPrograms(programs: readonly RenderableProgram[], hostPath?: (path: string) => string): string {
  const blocks = [...programs].sort((a, b) => a.id - b.id).map((p) => renderProgram(p, hostPath));
  return renderSupervisorFile('Managed by the customer portal (Managed Center → Supervisor). Changes made here are overwritten.', blocks);
}
