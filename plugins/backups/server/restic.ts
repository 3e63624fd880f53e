/**
 * restic through the gateway (`gateway.run`, no shell, path arguments translated by the gateway): the same
 * commands on the `local` gateway's sandbox and on a real server over ssh — no branch on the gateway's kind.
 * The repository password goes to restic on standard input (never a file, never an argument).
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';

export const repositoryPath = '/var/backups/portal/repository';
export const restoresPath = '/var/backups/portal/restores';
export const scratchPath = '/var/backups/portal/scratch';

const hostOf = (gw: ServerGateway) => `portal-${gw.serverId}`;
const timeoutMs = 30 * 60_000;

export class ResticFailed extends Error {
  constructor(command: string, output: string) {
    super(`restic ${command}: ${output.trim().slice(-2000)}`);
    this.name = 'ResticFailed';
  }
}

async function restic(gw: ServerGateway, password: string, args: (string | { path: string })[], input = `${password}\n`) {
  const r = await gw.run({ tool: 'restic', args: ['-r', { path: repositoryPath }, '--no-cache', ...args], input, timeoutMs });
  if (r.exitCode !== 0) throw new ResticFailed(String(args[0]), r.stderr || r.stdout);
  return r.stdout;
}

/** Creates the repository when it is not there yet (restic reads the new password twice). */
export async function ensureRepository(gw: ServerGateway, password: string): Promise<void> {
  if ((await gw.readFile(`${repositoryPath}/config`)) !== null) return;
  await restic(gw, password, ['init'], `${password}\n${password}\n`);
}

export interface BackupSummary {
  snapshotId: string;
  bytes: number;
  files: number;
  durationMs: number;
}

/** `restic backup --json`: its summary line (size and duration of the snapshot). */
export async function backup(gw: ServerGateway, password: string, path: string, tags: string[]): Promise<BackupSummary> {
  const out = await restic(gw, password, [
    'backup',
    '--json',
    '--quiet',
    '--host',
    hostOf(gw),
    ...tags.flatMap((t) => ['--tag', t]),
    { path },
  ]);
  const summary = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.message_type === 'summary');
  if (!summary) throw new ResticFailed('backup', out);
  return {
    snapshotId: String(summary.snapshot_id),
    bytes: Number(summary.total_bytes_processed),
    files: Number(summary.total_files_processed),
    durationMs: Math.round(Number(summary.total_duration) * 1000),
  };
}

/** `restic forget` with a plan's flags (shared/retention.ts) for this server's snapshots. */
export async function forget(gw: ServerGateway, password: string, flags: string[]): Promise<void> {
  await restic(gw, password, ['forget', '--host', hostOf(gw), ...flags]);
}

export interface ResticSnapshot {
  id: string;
  short_id: string;
  time: string;
  paths: string[];
  tags?: string[];
}

/** `restic snapshots --json` of this server, newest first. */
export async function snapshots(gw: ServerGateway, password: string): Promise<ResticSnapshot[]> {
  // restic says "reading repository password from stdin" on standard output before the JSON.
  const json = (await restic(gw, password, ['snapshots', '--json', '--host', hostOf(gw)])).split('\n').find((l) => l.startsWith('['));
  const list = JSON.parse(json ?? '[]') as ResticSnapshot[] | null;
  return (list ?? []).sort((a, b) => b.time.localeCompare(a.time));
}

/**
 * Restores a snapshot into `target` (a server path of the plugin's); restic puts the files under the path the
 * snapshot was taken at, so the restored tree is `target` + that path (returned).
 */
export async function restoreInto(
  gw: ServerGateway,
  password: string,
  snapshot: ResticSnapshot,
  target: string,
  verify = false,
): Promise<string> {
  await restic(gw, password, ['restore', snapshot.id, '--target', { path: target }, ...(verify ? ['--verify'] : [])]);
  return `${target}${snapshot.paths[0]}`;
}

/** The files of a directory with their SHA-256 (`find … -exec sha256sum`), by path relative to it. */
export async function fileTree(gw: ServerGateway, dir: string): Promise<Map<string, string>> {
  const r = await gw.run({ tool: 'find', args: [{ path: dir }, '-type', 'f', '-exec', 'sha256sum', '{}', '+'], timeoutMs });
  const tree = new Map<string, string>();
  if (r.exitCode !== 0) return tree; // a directory that is not there holds no files
  const prefix = `${gw.hostPath(dir)}/`;
  for (const line of r.stdout.split('\n')) {
    const m = /^([0-9a-f]{64}) {2}(.*)$/.exec(line);
    if (m && m[2]!.startsWith(prefix)) tree.set(m[2]!.slice(prefix.length), m[1]!);
  }
  return tree;
}

export type FileChange = { path: string; change: 'added' | 'removed' | 'changed' };

/** What restoring `copy` over `live` would change: `added` (back from the copy), `removed` (only live), `changed`. */
export function compareTrees(copy: Map<string, string>, live: Map<string, string>): FileChange[] {
  const out: FileChange[] = [];
  for (const [path, hash] of copy) {
    const now = live.get(path);
    if (now === undefined) out.push({ path, change: 'added' });
    else if (now !== hash) out.push({ path, change: 'changed' });
  }
  for (const path of live.keys()) if (!copy.has(path)) out.push({ path, change: 'removed' });
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Makes `live` exactly `copy` (`rsync -a --delete`, the copy's directory into the live one's parent: same name). */
export async function promote(gw: ServerGateway, copy: string, live: string): Promise<void> {
  const parent = live.slice(0, live.lastIndexOf('/')) || '/';
  const r = await gw.run({ tool: 'rsync', args: ['-a', '--delete', { path: copy }, { path: parent }], timeoutMs });
  if (r.exitCode !== 0) throw new ResticFailed('promote (rsync)', r.stderr);
}

/** Removes a directory of the plugin's (a discarded copy, a restore test's scratch). */
export async function removeTree(gw: ServerGateway, dir: string): Promise<void> {
  await gw.run({ tool: 'rm', args: ['-rf', { path: dir }], timeoutMs });
}
