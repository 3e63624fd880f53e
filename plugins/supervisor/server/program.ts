/**
 * supervisord as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the program file the
 * plugin owns (`/etc/supervisor/conf.d/portal.conf`), the check of a staged copy, `systemctl reload supervisor` on a
 * real server, and the private supervisord per server the `local` gateway runs — its socket, pid file and logs
 * inside the sandbox, never the system's supervisord.
 *
 * The check: supervisord has no check-only flag. It parses its whole configuration (main file, every included
 * program file, every option and `%(…)s` expansion, the users) before it opens its control socket, and exits with
 * `Error: …` on the first problem. So the check runs a throw-away `supervisord -n` on a staged main file that
 * includes the staged program file and whose socket lies in a directory that does not exist: a configuration it
 * accepts ends at "Cannot open an HTTP server" (nothing was started: processes are spawned only later), any other
 * error is the refusal. The executables of the commands are looked up as supervisord does when it spawns them
 * (absolute: must be executable; else on PATH), so a command that could only end FATAL is refused too.
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms, type LocalEnv, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const mainConfPath = '/etc/supervisor/supervisord.conf';
export const programFilePath = '/etc/supervisor/conf.d/portal.conf';
export const logDir = '/var/log/supervisor';
export const socketPath = '/run/supervisor/portal.sock';
/** Where the check stages its copy. */
export const stageDir = '/var/lib/supervisor-portal/stage';
/** The log file of a program's processes (stdout and stderr together). */
export const programLogPath = (name: string) => `${logDir}/portal-${name}.log`;

/** The main configuration of the private supervisord of the `local` gateway: everything inside the sandbox. */
export function renderMainConf(
  env: Pick<LocalEnv, 'hostPath'>,
  opts: { socket?: string; include?: string; log?: string; run?: string } = {},
): string {
  const p = (x: string) => env.hostPath(x);
  return `; Written by the portal's local gateway. The plugin's programs are ${programFilePath}.
[unix_http_server]
file=${opts.socket ?? p(socketPath)}
chmod=0700

[supervisord]
logfile=${opts.log ?? p(`${logDir}/supervisord.log`)}
pidfile=${opts.run ?? p('/run/supervisor')}/supervisord.pid
childlogdir=${opts.run ?? p(logDir)}

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://${opts.socket ?? p(socketPath)}

[include]
files = ${opts.include ?? p('/etc/supervisor/conf.d/*.conf')}
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

/** The check of a staged copy (see the header). */
export async function checkStaged(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  if (!(await gw.hasTool('supervisord')).available) return { status: 'skipped', reason: 'tool_missing', tool: 'supervisord' };
  const file = files.find((f) => f.path === programFilePath);
  if (!file) return { status: 'passed', tool: 'supervisord', output: 'no programs' };
  const stagedProgram = `${stageDir}/portal.conf`;
  const stagedMain = `${stageDir}/supervisord.conf`;
  const main = renderMainConf(
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
    await gw.writeFile({ path: stagedProgram, content: file.content.split(gw.hostPath(logDir)).join(gw.hostPath(stageDir)) });
    await gw.writeFile({ path: stagedMain, content: main });
    const r = await gw.run({ tool: 'supervisord', args: ['-n', '-c', { path: stagedMain }], timeoutMs: 20_000 });
    const output = (r.stderr + r.stdout).split(gw.hostPath(stagedProgram)).join(programFilePath);
    const parsed = /Cannot open an HTTP server/.test(output);
    if (!parsed) {
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

/** How supervisord is checked, reloaded and run. */
export const supervisorProgram: ProgramDescriptor = {
  id: 'supervisor',
  tool: 'supervisord',
  paths: [programFilePath, `${stageDir}/**`],
  reads: [`${logDir}/*`, mainConfPath, socketPath],
  privileged: true,
  validate: checkStaged,
  service: { unit: 'supervisor', reload: 'reload' },
  local: {
    files: (env) => [{ path: mainConfPath, content: renderMainConf(env) }],
    dirs: ['/etc/supervisor/conf.d', logDir, '/run/supervisor', '/var/www'],
    pidFile: '/run/supervisor/supervisord.pid',
    args: (env) => ['-c', env.hostPath(mainConfPath)],
    // supervisord daemonises and writes its pid file; it has no reload argument of its own, so the gateway stops
    // and starts it (a real server: `systemctl reload supervisor`).
    start: [],
  },
};

export default definePrograms([supervisorProgram]);
