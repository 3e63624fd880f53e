/**
 * The Node.js versions installed on a server: every `node` on its PATH (`which -a node`) and what each says to
 * `--version`, one binary per major version (the first found wins, as a shell would pick it). Binaries are run
 * through `env` (the gateway runs tools by name).
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';

export interface Runtime {
  major: string;
  version: string;
  path: string;
}

export async function findRuntimes(gw: ServerGateway): Promise<Runtime[]> {
  const which = await gw.run({ tool: 'which', args: ['-a', 'node'], timeoutMs: 5000 });
  const out = new Map<string, Runtime>();
  for (const path of new Set(which.stdout.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/')))) {
    const r = await gw.run({ tool: 'env', args: [path, '--version'], timeoutMs: 10_000 });
    const m = /^v(\d{1,3})\.\d+\.\d+\S*$/.exec(r.stdout.trim());
    if (r.exitCode === 0 && m && !out.has(m[1])) out.set(m[1], { major: m[1], version: r.stdout.trim().slice(0, 40), path: path.slice(0, 255) });
  }
  return [...out.values()].sort((a, b) => Number(b.major) - Number(a.major));
}

/** Major version → binary. */
export const runtimeMap = (runtimes: readonly Runtime[]): Record<string, string> => Object.fromEntries(runtimes.map((r) => [r.major, r.path]));
