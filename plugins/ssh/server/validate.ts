/**
 * Checks the written `authorized_keys` files with the server's own `ssh-keygen -l -f <file>`: every
 * key must be readable by OpenSSH and show exactly the fingerprints the portal computed. Without
 * `ssh-keygen` (no `openssh-client`) the change is applied and the check reported as skipped.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/server';
import { parseKey } from './keys.ts';

/** The fingerprints `ssh-keygen -l` prints, one per key line (`256 SHA256:… comment (ED25519)`). */
export function fingerprintsOf(output: string): string[] {
  return output
    .split('\n')
    .map((l) => /^\d+ (SHA256:[A-Za-z0-9+/]+) /.exec(l.trim())?.[1])
    .filter((f): f is string => !!f);
}

/** The fingerprints a rendered file should show, computed by the portal from its key lines. */
export function expectedFingerprints(file: ConfigFile): string[] {
  return file.content
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const r = parseKey(l);
      return r.ok ? r.key.fingerprint : `unreadable: ${l.slice(0, 40)}`;
    });
}

export async function validateAuthorizedKeys(
  gateway: ServerGateway,
  files: readonly ConfigFile[],
  expected = expectedFingerprints,
): Promise<CheckOutcome> {
  if (!files.length) return { status: 'passed', tool: 'ssh-keygen', output: 'no authorized_keys files (no keys)' };
  const tool = await gateway.hasTool('ssh-keygen');
  if (!tool.available) return { status: 'skipped', reason: 'tool_missing', tool: 'ssh-keygen' };
  const report: string[] = [];
  for (const file of files) {
    const r = await gateway.run({ tool: 'ssh-keygen', args: ['-l', '-f', { path: file.path }], timeoutMs: 10_000 });
    const output = `${r.stdout}${r.stderr}`.trim();
    report.push(`${file.path}:\n${output}`);
    if (r.exitCode !== 0) return { status: 'failed', tool: 'ssh-keygen', output: report.join('\n\n') };
    const want = expected(file).sort();
    const got = fingerprintsOf(r.stdout).sort();
    if (want.length !== got.length || want.some((f, i) => f !== got[i]))
      return { status: 'failed', tool: 'ssh-keygen', output: `${report.join('\n\n')}\n\nexpected: ${want.join(', ')}` };
  }
  return { status: 'passed', tool: 'ssh-keygen', output: report.join('\n\n') };
}
