/**
 * What an apply of this plugin writes and how it is checked: one zone file per zone and the
 * `named.conf` include, validated with `named-checkzone` (and `named-checkconf`) on the server.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/server';
import { paths, renderNamedConf, renderZone } from './render.ts';
import type { ZoneData } from './rules.ts';

export const CHECKER = 'named-checkzone';

/** Every file of the plugin on a server (a zone file per zone and the include declaring them). */
export function renderFiles(zones: readonly ZoneData[], gateway: Pick<ServerGateway, 'hostPath'>): ConfigFile[] {
  return [
    { path: paths.conf, content: renderNamedConf(zones.map((z) => z.origin), (p) => gateway.hostPath(p)) },
    ...zones.map((z) => ({ path: paths.zone(z.origin), content: renderZone(z) })),
  ];
}

const originOf = (path: string) => (path.startsWith(`${paths.zonesDir}/db.`) ? path.slice(paths.zonesDir.length + 4) : null);

/**
 * Checks the written files: `named-checkzone -k fail -i local <origin> <file>` for every zone
 * (check-names as errors; integrity checks only inside the zone, so no DNS lookups leave the
 * server), then `named-checkconf` for the include when it is installed. Sandbox paths in the output
 * are shown as server paths. No `named-checkzone`: skipped, the change is applied and the UI says why.
 */
export async function validateFiles(gateway: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const tool = await gateway.hasTool(CHECKER);
  if (!tool.available) return { status: 'skipped', reason: 'tool_missing', tool: CHECKER };
  const readable = (out: string, file: ConfigFile) => out.split(gateway.hostPath(file.path)).join(file.path);
  const outputs: string[] = [];
  let failed = false;
  for (const file of files) {
    const origin = originOf(file.path);
    if (!origin) continue;
    const r = await gateway.run({ tool: CHECKER, args: ['-k', 'fail', '-i', 'local', origin, { path: file.path }], timeoutMs: 20_000 });
    const out = readable(`${r.stdout}${r.stderr}`.trim(), file);
    outputs.push(`${CHECKER} ${origin}\n${r.timedOut ? 'timed out' : out}`);
    if (r.exitCode !== 0) failed = true;
  }
  const conf = files.find((f) => f.path === paths.conf);
  if (conf && (await gateway.hasTool('named-checkconf')).available) {
    const r = await gateway.run({ tool: 'named-checkconf', args: [{ path: conf.path }], timeoutMs: 20_000 });
    const out = readable(`${r.stdout}${r.stderr}`.trim(), conf);
    outputs.push(`named-checkconf ${conf.path}${out ? `\n${out}` : '\nOK'}`);
    if (r.exitCode !== 0) failed = true;
  }
  return { status: failed ? 'failed' : 'passed', tool: CHECKER, output: outputs.join('\n\n') || 'no zones' };
}
