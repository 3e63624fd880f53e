/**
 * The log of a program as a cursor: the last `lines` lines and the byte `offset` after them; called again with
 * `after` = that offset, only the complete lines written since (the live tail of the log dialog polls this). Reads
 * from a byte offset with coreutils (`stat`, `tail -c +N`) through the gateway, so a 10 MB log is never read whole.
 */
import type { Schemas } from '@portal/openapi';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';

/** At most this much is read per call (a tail that fell far behind skips to the newest lines). */
const maxBytes = 256 * 1024;

async function sizeOf(gw: ServerGateway, path: string): Promise<number | null> {
  const r = await gw.run({ tool: 'stat', args: ['-L', '-c', '%s', { path }], timeoutMs: 5000 });
  const n = Number(r.stdout.trim());
  return r.exitCode === 0 && Number.isSafeInteger(n) ? n : null;
}

/** The file from byte `from` to its end (what was written after the size was read comes along). */
async function bytesFrom(gw: ServerGateway, path: string, from: number): Promise<Buffer> {
  const r = await gw.run({ tool: 'tail', args: ['-c', `+${from + 1}`, { path }], timeoutMs: 10_000 });
  return r.exitCode === 0 ? Buffer.from(r.stdout, 'utf8') : Buffer.alloc(0);
}

export async function readLog(gw: ServerGateway, path: string, lines: number, after?: number): Promise<Schemas['SupervisorLog']> {
  const size = await sizeOf(gw, path);
  if (size === null) return { path, lines: [], offset: 0, rotated: after !== undefined && after > 0 };
  const rotated = after !== undefined && after > size;
  const start = after !== undefined && !rotated ? Math.max(after, size - maxBytes) : Math.max(0, size - maxBytes);
  const chunk = start >= size ? Buffer.alloc(0) : await bytesFrom(gw, path, start);
  // Only complete lines: a line still being written comes with the next call.
  const end = chunk.lastIndexOf(0x0a);
  const complete = end < 0 ? Buffer.alloc(0) : chunk.subarray(0, end + 1);
  let text = complete.toString('utf8').split('\n');
  text.pop();
  // A read that did not start at a line's beginning drops its first, partial line.
  if (start > 0 && start !== after && text.length) text = text.slice(1);
  return { path, lines: text.slice(-lines).map((l) => l.slice(0, 10_000)), offset: start + complete.length, rotated };
}
