/**
 * Renders a server's programs as `/etc/supervisor/conf.d/portal.conf` — our own small writer, pure. The npm `ini`
 * serializer quotes a value with spaces (`command="php artisan queue:work"`), and supervisord would hand the quotes
 * to the program; here every value is written as it is, after `key=`. supervisord expands `%(name)s` in values, so
 * `%` is written `%%` and the command reaches the program exactly as typed. The contract's patterns keep every
 * value on one line; the renderer refuses anything that would still change the file's structure.
 */
import { fieldPattern } from '@portal/plugin-sdk/resources';
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
}

const f = supervisorProgramResource.fields;
const patterns = { name: fieldPattern(f.name)!, command: fieldPattern(f.command)!, directory: fieldPattern(f.directory)! };
const restart: Record<string, string> = { unexpected: 'unexpected', always: 'true', never: 'false' };

/** `%` → `%%` (supervisord's expansion), nothing else changes. */
export const escapeValue = (v: string) => v.replaceAll('%', '%%');

export function renderProgram(p: RenderableProgram, hostPath: (path: string) => string = (x) => x): string {
  const bad = (['name', 'command', 'directory'] as const).find((k) => !patterns[k].test(p[k]) || /[\r\n]/.test(p[k]));
  if (
    bad ||
    !(f.user.enum as readonly string[]).includes(p.user) ||
    !(f.stopsignal.enum as readonly string[]).includes(p.stopsignal) ||
    !restart[p.autorestart]
  )
    throw new Error(`supervisor program ${p.id}: value not allowed (${bad ?? 'enum'})`);
  const lines = [
    `[program:${p.name}]`,
    `command=${escapeValue(p.command)}`,
    ...(p.numprocs > 1 ? ['process_name=%(program_name)s_%(process_num)02d'] : []),
    `numprocs=${p.numprocs}`,
    // The directory is a path like those in the command: the program's own, not mapped into a sandbox.
    ...(p.directory ? [`directory=${escapeValue(p.directory)}`] : []),
    `user=${p.user}`,
    `autostart=${p.autostart}`,
    `autorestart=${restart[p.autorestart]}`,
    `startsecs=${p.startsecs}`,
    `stopwaitsecs=${p.stopwaitsecs}`,
    `stopsignal=${p.stopsignal}`,
    'stopasgroup=true',
    'killasgroup=true',
    'redirect_stderr=true',
    `stdout_logfile=${escapeValue(hostPath(programLogPath(p.name)))}`,
    'stdout_logfile_maxbytes=10MB',
    'stdout_logfile_backups=3',
  ];
  return lines.join('\n');
}

export function renderPrograms(programs: readonly RenderableProgram[], hostPath?: (path: string) => string): string {
  const blocks = [...programs].sort((a, b) => a.id - b.id).map((p) => renderProgram(p, hostPath));
  return (
    ['; Managed by the customer portal (Managed Center → Supervisor). Changes made here are overwritten.', ...blocks].join('\n\n') + '\n'
  );
}
