/**
 * nftables as this plugin runs it (`ProgramDescriptor`, `@portal/plugin-sdk/program`): the rule set file it owns,
 * the check of a staged copy with the real `nft -c -f`, `systemctl reload nftables` on a real server (whose
 * `/etc/nftables.conf` includes `/etc/nftables.d/*.nft`), and on the `local` gateway a private network namespace
 * per server sandbox where the rules are really loaded.
 *
 * The check runs `unshare -rn nft -c -f <staged copy>`: in a fresh user and network namespace of its own, so it
 * works for any user (an unprivileged `nft -c` fails with "cache initialization failed") and reads nothing of the
 * server's live rules; nothing is loaded.
 *
 * The private instance: a holder process `unshare -rn` (user and network namespace of its own, its loopback up)
 * that loads the rule set once and then sleeps, its pid in the sandbox's pid file. A reload loads the rule set
 * into that namespace (`nsenter --preserve-credentials -U -n -t <pid> nft -f <rule set>`): the namespace and
 * whatever listens in it outlive every reload, as a server's sockets outlive `systemctl reload nftables`.
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const rulesetFile = '/etc/nftables.d/portal-filter.nft';
/** Where the check stages its copy. */
export const stagePath = '/var/lib/portal-firewall/check.nft';
export const holderPidFile = '/run/portal-firewall/holder.pid';

/** `nft -c -f` on a staged copy of the rendered rule set (see the header). */
export async function checkRuleset(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  if (!(await gw.hasTool('nft')).available) return { status: 'skipped', reason: 'tool_missing', tool: 'nft' };
  const file = files.find((f) => f.path === rulesetFile);
  if (!file) return { status: 'passed', tool: 'nft', output: 'no rule set' };
  try {
    await gw.writeFile({ path: stagePath, content: file.content });
    const r = await gw.run({ tool: 'unshare', args: ['-rn', 'nft', '-c', '-f', { path: stagePath }], timeoutMs: 15_000 });
    const output = (r.stderr + r.stdout).split(gw.hostPath(stagePath)).join(rulesetFile).trim();
    return { status: r.exitCode === 0 ? 'passed' : 'failed', tool: 'nft', output: output.slice(-20_000) || (r.exitCode === 0 ? 'rule set accepted' : r.timedOut ? 'timed out' : `exit ${r.exitCode}`) };
  } finally {
    await gw.removeFile(stagePath);
  }
}

/** The holder: a namespace of its own, loopback up, the rule set loaded when there is one, then its pid, then sleep. */
const holder = `exec unshare -rn /bin/sh -c 'ip link set lo up 2>/dev/null; if [ -f "$2" ]; then nft -f "$2" || exit 1; fi; echo $$ > "$1"; exec sleep infinity' "$0" "$1" "$2"`;
/** Loads the rule set into the holder's namespace. */
const load = `exec nsenter --preserve-credentials -U -n -t "$(cat "$1")" nft -f "$2"`;

/** How nftables is checked, loaded and run. */
export const nftablesProgram: ProgramDescriptor = {
  id: 'nftables',
  tool: 'nft',
  paths: [rulesetFile, stagePath],
  privileged: true,
  validate: checkRuleset,
  service: { unit: 'nftables', reload: 'reload' },
  local: {
    dirs: ['/etc/nftables.d', '/run/portal-firewall', '/var/lib/portal-firewall'],
    pidFile: holderPidFile,
    command: '/bin/sh',
    process: 'sleep',
    foreground: true,
    args: (env) => ['portal-firewall', env.hostPath(holderPidFile), env.hostPath(rulesetFile)],
    start: ['-c', holder],
    reload: ['-c', load],
  },
};

export default definePrograms([nftablesProgram]);
