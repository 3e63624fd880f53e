/**
 * One `[program:<name>]` block of a supervisord program file — our own small writer, pure. The npm `ini`
 * serializer quotes a value with spaces (`command="php artisan queue:work"`), and supervisord would hand the quotes
 * to the program; here every value is written as it is, after `key=`. supervisord expands `%(name)s` in values, so
 * `%` is written `%%` and a value reaches the program exactly as typed. The caller has checked its values against
 * its contract's patterns; this writer refuses anything that would still change the file's structure.
 */

/** What supervisord needs to run a program. */
export interface SupervisorProgramBlock {
  name: string;
  command: string;
  /** The working directory (empty: supervisord's own). */
  directory?: string;
  user: string;
  numprocs: number;
  autostart: boolean;
  autorestart: 'unexpected' | 'always' | 'never';
  startsecs: number;
  stopwaitsecs: number;
  stopsignal: string;
  /** stdout and stderr together (`redirect_stderr`), 10 MB × 3. */
  logFile: string;
  /** `environment=` (names `[A-Za-z_][A-Za-z0-9_]*`, values double-quoted; see `supervisorEnvValueAllowed`). */
  environment?: Readonly<Record<string, string>>;
}

const restart = { unexpected: 'unexpected', always: 'true', never: 'false' } as const;
const programName = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;
const envName = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** `%` → `%%` (supervisord's expansion), nothing else changes. */
export const escapeSupervisorValue = (v: string) => v.replaceAll('%', '%%');

/**
 * Whether supervisord can carry a value in `environment=` exactly. It splits the line with Python's non-POSIX
 * `shlex` (no escapes: a `\` stays, a `"` inside double quotes ends them), strips `'` and `"` from the ends of
 * each value, and its ini reader cuts the line at a `;` or `#` after whitespace (an inline comment, quotes or not).
 */
export const supervisorEnvValueAllowed = (v: string) => !/["\r\n\0]/.test(v) && !/^'|'$/.test(v) && !/\s[;#]/.test(v);

/** An `environment=` value as written: double-quoted as it is, `%` doubled (see `supervisorEnvValueAllowed`). */
export const quoteSupervisorEnvValue = (v: string) => `"${escapeSupervisorValue(v)}"`;

/** The block's lines; throws for a value that would change the file's structure (a newline, an unknown name). */
export function renderSupervisorProgram(p: SupervisorProgramBlock): string {
  const oneLine = [p.command, p.directory ?? '', p.user, p.stopsignal, p.logFile, ...Object.values(p.environment ?? {})].every((v) => !/[\r\n\0]/.test(v));
  if (!programName.test(p.name) || !oneLine || !restart[p.autorestart] || !/^[a-z_][a-z0-9_-]*$/i.test(p.user) || !/^[A-Z0-9]+$/.test(p.stopsignal))
    throw new Error(`supervisor program ${p.name}: value not allowed`);
  const env = Object.entries(p.environment ?? {});
  if (env.some(([k]) => !envName.test(k))) throw new Error(`supervisor program ${p.name}: environment name not allowed`);
  if (env.some(([, v]) => !supervisorEnvValueAllowed(v))) throw new Error(`supervisor program ${p.name}: environment value not allowed`);
  return [
    `[program:${p.name}]`,
    `command=${escapeSupervisorValue(p.command)}`,
    ...(p.numprocs > 1 ? ['process_name=%(program_name)s_%(process_num)02d'] : []),
    `numprocs=${p.numprocs}`,
    ...(p.directory ? [`directory=${escapeSupervisorValue(p.directory)}`] : []),
    `user=${p.user}`,
    `autostart=${p.autostart}`,
    `autorestart=${restart[p.autorestart]}`,
    `startsecs=${p.startsecs}`,
    `stopwaitsecs=${p.stopwaitsecs}`,
    `stopsignal=${p.stopsignal}`,
    'stopasgroup=true',
    'killasgroup=true',
    ...(env.length ? [`environment=${env.map(([k, v]) => `${k}=${quoteSupervisorEnvValue(v)}`).join(',')}`] : []),
    'redirect_stderr=true',
    `stdout_logfile=${escapeSupervisorValue(p.logFile)}`,
    'stdout_logfile_maxbytes=10MB',
    'stdout_logfile_backups=3',
  ].join('\n');
}

/** A whole program file: a header line, then the blocks. */
export function renderSupervisorFile(header: string, blocks: readonly string[]): string {
  return [`; ${header.replace(/[\r\n]/g, ' ')}`, ...blocks].join('\n\n') + '\n';
}
