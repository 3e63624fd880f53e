/** The rendered configuration against the server: the config view's files and diff, and "not applied yet". */
import { createTwoFilesPatch } from 'diff';
import type { AppliedVersion, ConfigFile, ServerGateway } from '../../server.ts';
import type { ComparedFile } from './views.ts';

/** Every file of the desired rendering or of the last applied version, next to the file on the server. */
export async function compareWithServer(gw: ServerGateway, desired: readonly ConfigFile[], last: AppliedVersion | null): Promise<ComparedFile[]> {
  const wanted = new Map(desired.map((f) => [f.path, f.content]));
  // Secret files (password files) are never shown.
  const all = [...new Set([...wanted.keys(), ...(last?.files ?? []).filter((f) => !f.secret).map((f) => f.path)])].sort();
  const out: ComparedFile[] = [];
  for (const path of all) {
    const live = await gw.readFile(path);
    const want = wanted.get(path) ?? null;
    if (want === null && live === null) continue;
    const status = want === live ? 'unchanged' : want === null ? 'removed' : live === null ? 'added' : 'changed';
    out.push({ path, status, desired: want, live });
  }
  return out;
}

/** Unified diff from the server's files to the rendered ones. */
export function unifiedDiff(files: readonly ComparedFile[]): string {
  return files
    .filter((f) => f.status !== 'unchanged')
    .map((f) =>
      createTwoFilesPatch(f.live === null ? '/dev/null' : f.path, f.desired === null ? '/dev/null' : f.path, f.live ?? '', f.desired ?? '', 'server', 'desired', { context: 3 }).replace(/^=+\n/, ''),
    )
    .join('');
}
