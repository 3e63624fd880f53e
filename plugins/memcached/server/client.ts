/**
 * The server's memcached through its text protocol (`doc/protocol.txt`): one short TCP connection per request to
 * where the gateway says it listens (`listenAddress('memcached', 11211)`: the private instance's loopback port on
 * the `local` gateway), reached through `gateway.reach` (over ssh: a forwarded port). The commands are fixed strings of this module (`stats`, `stats settings`, `flush_all`);
 * nothing a user typed is sent. An instance that does not answer is `undefined`, not an error.
 */
import type { ServerGateway } from '@portal/plugin-sdk/server';
import net from 'node:net';
import { memcachedAddress } from './program.ts';

/** Sends one command and collects the answer up to its last line (`END`, `OK`, `STORED`, …, or an error line); `undefined` when it cannot be reached. */
export function request(host: string, port: number, command: string, timeoutMs = 2000): Promise<string | undefined> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect({ host, port });
    const done = (value: string | undefined) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.on('error', () => done(undefined));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (/(^|\r\n)(END|OK|STORED|NOT_STORED|EXISTS|NOT_FOUND|ERROR|(CLIENT|SERVER)_ERROR[^\r\n]*)\r\n$/.test(answer)) done(answer);
    });
    socket.on('close', () => done(undefined));
  });
}

/** `STAT name value` lines → their fields (`curr_items` → `'3'`). */
export function parseStats(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const m = /^STAT (\S+) (.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** `stats` (or `stats <group>`) of the server's memcached; `undefined` when it does not answer. */
export async function statsOf(gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>, group?: 'settings'): Promise<Record<string, string> | undefined> {
  const { host, port } = await gateway.reach(await memcachedAddress(gateway));
  const answer = await request(host, port, group ? `stats ${group}` : 'stats');
  return answer === undefined ? undefined : parseStats(answer);
}

/** `flush_all`; whether it answered `OK`. */
export async function flushAll(gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>): Promise<boolean> {
  const { host, port } = await gateway.reach(await memcachedAddress(gateway));
  return (await request(host, port, 'flush_all')) === 'OK\r\n';
}

/** A number field of `stats`, `undefined` when it is not there. */
export const statNumber = (stats: Record<string, string>, key: string): number | undefined => {
  const n = Number(stats[key]);
  return stats[key] !== undefined && Number.isFinite(n) ? n : undefined;
};
