/**
 * supervisord as Managed Center plugins run it (`ProgramDescriptor`): the private supervisord per server the `local`
 * gateway runs (main file, socket, pid file and logs inside the sandbox, never the system's supervisord),
 * `systemctl reload supervisor` on a real server, and the check of a staged program file. Every plugin that runs
 * programs under supervisord (supervisor, nodejs) declares `supervisorDescriptor({ programFile, stageDir })`: one
 * program id, so they share the private instance and the apply lock, each with the paths of its own file.
 *
 * The check: supervisord has no check-only flag. It parses its whole configuration (main file, every included
 * program file, every option and `%(…)s` expansion, the users) before it opens its control socket, and exits with
 * `Error: …` on the first problem. So the check runs a throw-away `supervisord -n` on a staged main file that
 * includes the staged program file and whose socket lies in a directory that does not exist: a configuration it
 * accepts ends at "Cannot open an HTTP server" (nothing was started: processes are spawned only later), any other
 * error is the refusal. The executables of the commands are looked up as supervisord does when it spawns them
 * (absolute: must be executable; else on PATH), so a command that could only end FATAL is refused too.
 *
 * Imports only the program entry and the gateway's types: plugins' `server/program.ts` import it and the generator
 * reads those.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '../gateway.ts';
import type { LocalEnv, ProgramDescriptor } from '../program.ts';

export const supervisorMainConfPath = '/etc/supervisor/supervisord.conf';
export const supervisorConfDir = '/etc/supervisor/conf.d';
export const supervisorLogDir = '/var/log/supervisor';
export const supervisorSocketPath = '/run/supervisor/portal.sock';

/** The main configuration of the private supervisord of the `local` gateway: everything inside the sandbox. */
export function renderSupervisorMainConf(
  env: Pick<LocalEnv, 'hostPath'>,
  opts: { socket?: string; include?: string; log?: string; run?: string } = {},
): string {
  const p = (x: string) => env.hostPath(x);
  return `; Written by the portal's local gateway. The plugins' programs are ${supervisorConfDir}/*.conf.
[unix_http_server]
file=${opts.socket ?? p(supervisorSocketPath)}
chmod=0700

[supervisord]
logfile=${opts.log ?? p(`${supervisorLogDir}/supervisord.log`)}
pidfile=${opts.run ?? p('/run/supervisor')}/supervisord.pid
childlogdir=${opts.run ?? p(supervisorLogDir)}

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://${opts.socket ?? p(supervisorSocketPath)}

[include]
files = ${opts.include ?? p(`${supervisorConfDir}/*.conf`)}
`;
}

/** The executable of each `command=` line of a rendered program file (supervisord splits it like a shell). */
export function commandExecutables(content: string): string[] {
  const out: string[] = [];
  for (const line of content.split('\n')) {
    const m = /^command=("([^"]*)"|'([^']*)'|(\S+))/.exec(line);
    if (m) out.push((m[2] ?? m[3] ?? m[4]).replaceAll('%%', '%'));
  }
  return out;
}

/** Where a plugin's program file lives and where its check stages a copy. */
export interface SupervisorFiles {
  /** The program file the plugin renders (`/etc/supervisor/conf.d/<plugin>.conf`). */
  programFile: string;
  /** A directory of the plugin's own for the staged copy (it is among the descriptor's paths). */
  stageDir: string;
}

/** The check of a staged copy of `programFile` (see the header); `passed` when the files do not contain it. */
export async function checkStagedSupervisorPrograms(gw: ServerGateway, files: readonly ConfigFile[], where: SupervisorFiles): Promise<CheckOutcome> {
  if (!(await gw.hasTool('supervisord')).available) return { status: 'skipped', reason: 'tool_missing', tool: 'supervisord' };
  const file = files.find((f) => f.path === where.programFile);
  if (!file) return { status: 'passed', tool: 'supervisord', output: 'no programs' };
  const { stageDir } = where;
  const stagedProgram = `${stageDir}/programs.conf`;
  const stagedMain = `${stageDir}/supervisord.conf`;
  const main = renderSupervisorMainConf(
    { hostPath: (x) => gw.hostPath(x) },
    {
      socket: gw.hostPath(`${stageDir}/absent/check.sock`),
      include: gw.hostPath(stagedProgram),
      log: gw.hostPath(`${stageDir}/check.log`),
      run: gw.hostPath(stageDir),
    },
  );
  try {
    // The logs point into the stage: supervisord wants their directory to exist, and the first check runs before
    // the instance ever created it.
    await gw.writeFile({ path: stagedProgram, content: file.content.split(gw.hostPath(supervisorLogDir)).join(gw.hostPath(stageDir)) });
    await gw.writeFile({ path: stagedMain, content: main });
    const r = await gw.run({ tool: 'supervisord', args: ['-n', '-c', { path: stagedMain }], timeoutMs: 20_000 });
    const output = (r.stderr + r.stdout).split(gw.hostPath(stagedProgram)).join(where.programFile);
    if (!/Cannot open an HTTP server/.test(output)) {
      const error =
        output
          .split('\n')
          .filter((l) => l.startsWith('Error:'))
          .join('\n') ||
        output.trim() ||
        (r.timedOut ? 'timed out' : `exit ${r.exitCode}`);
      return { status: 'failed', tool: 'supervisord', output: error.slice(-20_000) };
    }
    for (const exe of commandExecutables(file.content)) {
      const w = await gw.run({ tool: 'which', args: [exe], timeoutMs: 5000 });
      if (w.exitCode !== 0)
        return { status: 'failed', tool: 'supervisord', output: `can't find command '${exe}' (supervisord would end the program FATAL)` };
    }
    return { status: 'passed', tool: 'supervisord', output: 'configuration parsed' };
  } finally {
    await gw.removeFile(stagedProgram);
    await gw.removeFile(stagedMain);
    await gw.removeFile(`${stageDir}/check.log`);
  }
}

/**
 * The descriptor of supervisord for a plugin: program id `supervisor` (one private instance and one apply lock for
 * every plugin running programs), the plugin's program file and stage as its paths, the logs, main file and socket
 * as reads. `extraPaths`: further files the plugin writes beside its program file (nodejs: environment files).
 */
export function supervisorDescriptor(where: SupervisorFiles & { extraPaths?: readonly string[] }): ProgramDescriptor {
  return {
    id: 'supervisor',
    tool: 'supervisord',
    paths: [where.programFile, `${where.stageDir}/**`, ...(where.extraPaths ?? [])],
    reads: [`${supervisorLogDir}/*`, supervisorMainConfPath, supervisorSocketPath],
    privileged: true,
    validate: (gw, files) => checkStagedSupervisorPrograms(gw, files, where),
    service: { unit: 'supervisor', reload: 'reload' },
    local: {
      files: (env) => [{ path: supervisorMainConfPath, content: renderSupervisorMainConf(env) }],
      dirs: [supervisorConfDir, supervisorLogDir, '/run/supervisor', '/var/www'],
      pidFile: '/run/supervisor/supervisord.pid',
      args: (env) => ['-c', env.hostPath(supervisorMainConfPath)],
      // supervisord daemonises and writes its pid file; it has no reload argument of its own, so the gateway stops
      // and starts it (a real server: `systemctl reload supervisor`).
      start: [],
    },
  };
}
