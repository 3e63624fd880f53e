/**
 * `memcached` as this plugin runs it. memcached has no configuration file: its settings are command-line
 * options, and Debian's unit (`systemd-memcached-wrapper /etc/memcached.conf`) reads them from
 * `/etc/memcached.conf`, one option per line. `render` writes that file (pure: the same settings give the same
 * file, so the files panel shows exactly what an apply would write); `optionsOf` reads it back into arguments
 * as the wrapper does — for the check and for the private instance of the `local` gateway.
 *
 * Every value has passed the contract's limits (integers and a boolean), so none can change the file's
 * structure. Imports only the SDK's program entry at load time: the generator loads this file for the paths.
 */
import { checkByStarting, definePrograms, restartOrStop, type ProgramDescriptor } from '@portal/plugin-sdk/program';
import type { CheckOutcome, ConfigFile, ConfigRenderInput, ServerGateway } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const configPath = '/etc/memcached.conf';
export const pidPath = '/run/memcached/memcached.pid';
/** The private instance's output (memcached logs to standard error; on a real server the journal has it). */
export const logPath = '/var/log/memcached.log';
/** Where memcached listens on a real server; the `local` gateway gives each server a loopback port of its own. */
export const defaultPort = 11211;

/** What `render` needs from the server: the port the instance listens on. */
export interface Prepared {
  port: number;
}

/** The port of the server's memcached (prepare → render; the figures, the instance and the flush connect there). */
export const memcachedAddress = (gateway: Pick<ServerGateway, 'listenAddress'>) => gateway.listenAddress('memcached', defaultPort);

export function render(s: Settings, c: Pick<ConfigRenderInput<Prepared | undefined>, 'prepared'>): ConfigFile[] {
  const lines = [
    '# Written by the customer portal (Managed Center, Memcached). Changes here are overwritten.',
    "# memcached's command-line options, one per line (read by Debian's memcached unit).",
    '# Listens on the loopback interface only, TCP without UDP; applications of this server connect there.',
    '-u memcache',
    '-l 127.0.0.1',
    `-p ${c.prepared?.port ?? defaultPort}`,
    '-U 0',
    `-P ${pidPath}`,
    `-m ${s.memoryMb}`,
    `-c ${s.maxConnections}`,
    `-t ${s.threads}`,
    `-I ${s.maxItemSizeKb}k`,
    ...(s.evict ? [] : ['# Memory full: writes fail instead of evicting items', '-M']),
    ...(s.verbosity > 0 ? [`-${'v'.repeat(s.verbosity)}`] : []),
  ];
  return [{ path: configPath, content: `${lines.join('\n')}\n`, mode: 0o644 }];
}

/**
 * The file's options as arguments, as Debian's wrapper reads them: comments and blank lines left out, `-d`
 * and `-h` ignored, lines that are not options (`logfile …`) skipped, each `-x value` two arguments.
 */
export function optionsOf(content: string): string[] {
  return content
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('-') && !/^-[dh]\b/.test(line))
    .flatMap((line) => {
      const at = line.search(/\s/);
      return at < 0 ? [line] : [line.slice(0, at), line.slice(at).trim()];
    });
}

/** The same options with the listening and the pid file replaced (the check's instance listens nowhere and writes nothing). */
const withOut = (args: string[], flags: string[]) => args.filter((a, i) => !flags.includes(a) && !flags.includes(args[i - 1] ?? ''));

/**
 * The check: memcached has no check mode, so it is started in the foreground with the file's options and the
 * listening switched off (`-p 0 -U 0`, no pid file): every option's value, and what it checks when it starts —
 * an item size above half the memory limit, more connections than the open-files limit allows, 0 threads — makes
 * it exit at once with its message and a non-zero status; still running when the time-out stops it, it accepted
 * them (a server ends only when stopped, and memcached ends cleanly, status 0, on the time-out's SIGTERM).
 */
export const checkTimeoutMs = 1500;
export const checkArgs = (content: string) => [...withOut(optionsOf(content), ['-p', '-U', '-P', '-l']), '-p', '0', '-U', '0'];

export const checkConfig = (gateway: ServerGateway): Promise<CheckOutcome> =>
  checkByStarting(gateway, {
    tool: 'memcached',
    path: configPath,
    args: checkArgs,
    accepted: (r) => r.timedOut || r.exitCode === 0,
    passed: 'options accepted (memcached started with them)',
    timeoutMs: checkTimeoutMs,
  });

/** The apply's reload: a restart with the new options (memcached has no reload), or a stop when the file is gone. */
export const reload = (gateway: ServerGateway): Promise<CheckOutcome> => restartOrStop(gateway, 'memcached', configPath);

export const memcachedProgram: ProgramDescriptor = {
  id: 'memcached',
  paths: [configPath],
  privileged: true,
  port: defaultPort,
  validate: (gateway) => checkConfig(gateway),
  // Debian's unit; memcached reads its options only when it starts (its items are gone after a restart: a cache).
  service: { unit: 'memcached', reload: 'restart' },
  local: {
    dirs: ['/run/memcached', '/var/log'],
    pidFile: pidPath,
    output: logPath,
    // The rendered options, daemonised, with the pid file in the sandbox; run as the portal's user (as root,
    // memcached would switch to `memcache`, which cannot write the sandbox's pid file).
    args: async (env) => {
      const options = withOut(optionsOf((await env.readFile(configPath)) ?? ''), ['-P', '-u']);
      return [...options, '-P', env.hostPath(pidPath), ...(process.getuid?.() === 0 ? ['-u', 'root'] : [])];
    },
    start: ['-d'],
  },
};

export default definePrograms([memcachedProgram]);
