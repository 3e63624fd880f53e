/**
 * The installed packages of a server sandbox (the `local` gateway, or `ssh` with a far-side sandbox): a private dpkg
 * status that lists a few real packages at older versions than Debian's current lists — `tzdata` and `openssl`
 * (security updates), `nginx-common` (whose conffiles are nginx's configuration) — plus what they depend on, taken
 * from the machine's own status, and a sources list naming the archives the machine has lists of. So the sandbox's
 * `apt-get -s upgrade` reports real pending updates from Debian's real lists. Written once, when the sandbox has no
 * status yet; a real server's own status is never written.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import { dpkgStatusPath, fieldOf, parseStatus, serializeStatus, sourcesPath, type StatusRecord } from './apt.ts';

/** The packages a sandbox has at an older version (older than any update of Debian 12 or later). */
export const olderPackages: Readonly<Record<string, string>> = {
  tzdata: '2024a-0+deb12u1',
  openssl: '3.0.11-1~deb12u2',
  'nginx-common': '1.22.1-9+deb12u1',
};

const fields = [
  'Package',
  'Status',
  'Priority',
  'Section',
  'Maintainer',
  'Architecture',
  'Multi-Arch',
  'Version',
  'Provides',
  'Depends',
  'Pre-Depends',
  'Breaks',
  'Conflicts',
  'Replaces',
];
const format = `${fields.map((f) => `${f}: \${${f}}`).join('\n')}\nConffiles:\n\${Conffiles}\nDescription: \${binary:Summary}\n\n`;

/** Package names a record depends on (first alternative of each, without version or architecture). */
const dependencies = (r: StatusRecord) =>
  [fieldOf(r, 'Depends'), fieldOf(r, 'Pre-Depends')]
    .filter(Boolean)
    .flatMap((d) => d!.split(','))
    .map(
      (d) =>
        d
          .split('|')[0]!
          .trim()
          .split(/[\s:(]/)[0]!,
    )
    .filter(Boolean);

/** The sandbox's status from the machine's installed records: the older packages and everything they need. */
export function sandboxStatus(machine: readonly StatusRecord[]): StatusRecord[] {
  const clean = machine.map((r) => r.filter(([, v]) => v.trim() !== '')).filter((r) => /installed$/.test(fieldOf(r, 'Status') ?? ''));
  const byName = new Map<string, StatusRecord>();
  for (const r of clean) {
    byName.set(fieldOf(r, 'Package')!, r);
    for (const p of (fieldOf(r, 'Provides') ?? '').split(','))
      if (p.trim()) byName.set(p.trim().split(/[\s(]/)[0]!, byName.get(p.trim().split(/[\s(]/)[0]!) ?? r);
  }
  const chosen = new Map<string, StatusRecord>();
  const todo = Object.keys(olderPackages).filter((p) => byName.has(p));
  while (todo.length) {
    const r = byName.get(todo.pop()!);
    if (!r || chosen.has(fieldOf(r, 'Package')!)) continue;
    chosen.set(fieldOf(r, 'Package')!, r);
    todo.push(...dependencies(r));
  }
  return [...chosen.values()]
    .map((r) =>
      r.map(([f, v]): [string, string] => [
        f,
        f === 'Version' && olderPackages[fieldOf(r, 'Package')!] ? olderPackages[fieldOf(r, 'Package')!]! : v,
      ]),
    )
    .sort((a, b) => fieldOf(a, 'Package')!.localeCompare(fieldOf(b, 'Package')!));
}

/** Writes the sandbox's status and sources when it has none yet (a real server is left alone). */
export async function ensureSandboxPackages(gateway: ServerGateway): Promise<void> {
  if (!runsPrivateInstances(gateway) || (await gateway.readFile(dpkgStatusPath)) !== null) return;
  const installed = await gateway.run({ tool: 'dpkg-query', args: ['-W', `-f=${format}`], timeoutMs: 60_000 });
  if (installed.exitCode !== 0) throw new Error(`dpkg-query failed: ${installed.stderr.trim()}`);
  const targets = await gateway.run({
    tool: 'apt-get',
    args: ['indextargets', '--format', '$(REPO_URI) $(RELEASE) $(COMPONENT)', 'Created-By: Packages'],
    timeoutMs: 60_000,
  });
  const sources = [...new Set(targets.stdout.trim().split('\n').filter(Boolean))].map((l) => `deb ${l}`);
  await gateway.writeFile({
    path: sourcesPath,
    content: `# The archives of this server (the machine's package lists).\n${sources.join('\n')}\n`,
    mode: 0o644,
  });
  await gateway.writeFile({ path: dpkgStatusPath, content: serializeStatus(sandboxStatus(parseStatus(installed.stdout))), mode: 0o644 });
}
