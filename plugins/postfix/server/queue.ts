/**
 * The mail queue of the running Postfix: read with `postqueue -j` (one JSON object per message), flushed with
 * `postqueue -f` / `postqueue -i <id>`, deleted with `postsuper -d <id>|ALL` — on the server's Postfix (the private
 * instance's configuration directory on the `local` gateway, `/etc/postfix` on a real server). Immediate actions,
 * not desired state: no apply job; deletions go to the audit log.
 */
import type { Schemas } from '@portal/openapi';
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { postfixDir } from './program.ts';

export type QueueMessage = Schemas['PostfixQueueMessage'];
export type Queue = Schemas['PostfixQueue'];

export const maxListed = 500;
const queues = new Set(['maildrop', 'incoming', 'active', 'deferred', 'hold', 'corrupt']);
const cut = (s: unknown, n: number) => (typeof s === 'string' ? s.slice(0, n) : '');

/** Parses `postqueue -j` (one object per line; a line that is not one is skipped). */
export function parseQueue(output: string): QueueMessage[] {
  const out: QueueMessage[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const m = JSON.parse(line) as Record<string, unknown>;
      const id = cut(m.queue_id, 20);
      if (!/^[0-9A-Za-z]{1,20}$/.test(id)) continue;
      const recipients = Array.isArray(m.recipients) ? (m.recipients as Record<string, unknown>[]) : [];
      out.push({
        id,
        queue: (queues.has(String(m.queue_name)) ? m.queue_name : 'incoming') as QueueMessage['queue'],
        arrivedAt: new Date((Number(m.arrival_time) || 0) * 1000).toISOString(),
        size: Math.max(0, Math.trunc(Number(m.message_size) || 0)),
        sender: cut(m.sender, 320),
        recipients: recipients.slice(0, 100).map((r) => ({ address: cut(r.address, 320), reason: cut(r.delay_reason, 1000) })),
      });
    } catch {
      /* not a message line */
    }
  }
  return out.sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt) || a.id.localeCompare(b.id));
}

const running = async (gw: ServerGateway) => (await gw.service('postfix').status()).state === 'running';

/** The queue of the running Postfix; `running: false` (and nothing listed) while it does not run. */
export async function readQueue(gw: ServerGateway): Promise<Queue> {
  if (!(await running(gw))) return { running: false, total: 0, data: [] };
  const r = await gw.run({ tool: 'postqueue', args: ['-c', { path: postfixDir }, '-j'], timeoutMs: 30_000 });
  if (r.exitCode !== 0) return { running: false, total: 0, data: [] };
  const all = parseQueue(r.stdout);
  return { running: true, total: all.length, data: all.slice(0, maxListed) };
}

/** `postqueue -f` (every message) or `-i <id>` (one): whether Postfix took the request. */
export async function flush(gw: ServerGateway, id?: string): Promise<boolean> {
  const r = await gw.run({ tool: 'postqueue', args: ['-c', { path: postfixDir }, ...(id ? ['-i', id] : ['-f'])], timeoutMs: 30_000 });
  return r.exitCode === 0;
}

/** `postsuper -d <id>|ALL`: how many messages were deleted (postsuper reports it on its error output). */
export async function remove(gw: ServerGateway, id: string | 'ALL'): Promise<number> {
  const r = await gw.run({ tool: 'postsuper', args: ['-c', { path: postfixDir }, '-d', id], timeoutMs: 30_000 });
  const m = /Deleted: (\d+) message/.exec(`${r.stderr}${r.stdout}`);
  return m ? Number(m[1]) : 0;
}
