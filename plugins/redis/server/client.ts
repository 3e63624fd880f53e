/**
 * The server's redis through node-redis (`redis`, the client Redis recommends): one short connection per use
 * to where the gateway says it listens (`listenAddress('redis', 6379)`: the private instance's loopback port on
 * the `local` gateway; reached through `gateway.reach`, over ssh a forwarded port), no reconnecting — an instance that does not run is `undefined`, not an error.
 * What it reads (`INFO`, `CONFIG GET`) and does (`FLUSHDB`, `FLUSHALL`) are commands of the client; nothing is
 * concatenated into a command line. It logs in as the portal's management user (`credentials.ts`), so it works with
 * the default user off; an instance still running a file from before that user (its first apply with it pending)
 * refuses the login, and the connection is made again as the default user.
 */
import type { ServerGateway } from '@portal/plugin-sdk/server';
import { createClient } from 'redis';
import { portalLogin } from './credentials.ts';
import { instanceAddress, redisAddress } from './program.ts';

const connection = (host: string, port: number, login?: { username: string; password: string }) =>
  createClient({ socket: { host, port, connectTimeout: 2000, reconnectStrategy: false }, disableOfflineQueue: true, ...login });
export type RedisConnection = ReturnType<typeof connection>;

/** A connected client, or `undefined` when the instance cannot be reached or refuses the login. */
async function connect(host: string, port: number, login?: { username: string; password: string }): Promise<RedisConnection | undefined> {
  const client = connection(host, port, login);
  client.on('error', () => undefined); // a refused connection is answered below; nothing to log per sample
  try {
    await client.connect();
    return client;
  } catch {
    client.destroy();
    return undefined;
  }
}

/**
 * Runs `use` with a connection to the server's redis — the `default` instance, or the named instance with the
 * configured `instancePort` — ; `undefined` when it cannot be reached.
 */
export async function withRedis<T>(
  gateway: Pick<ServerGateway, 'listenAddress' | 'reach'>,
  serverId: number,
  use: (client: RedisConnection) => Promise<T>,
  instancePort?: number,
): Promise<T | undefined> {
  const { host, port } = await gateway.reach(instancePort === undefined ? await redisAddress(gateway) : await instanceAddress(gateway, instancePort));
  const login = await portalLogin(serverId);
  const client = (login && (await connect(host, port, login))) || (await connect(host, port));
  if (!client) return undefined;
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** `INFO` text → its fields (`used_memory` → `'1048576'`), sections and comments left out. */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) out[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return out;
}

/** The keyspace lines of `INFO` (`db0:keys=3,expires=1,avg_ttl=0`) → one entry per database, in order. */
export function keyspace(info: Record<string, string>): { database: number; keys: number; expires: number }[] {
  return Object.entries(info)
    .filter(([k]) => /^db\d+$/.test(k))
    .map(([k, v]) => {
      const f = Object.fromEntries(v.split(',').map((pair) => pair.split('=') as [string, string]));
      return { database: Number(k.slice(2)), keys: Number(f.keys ?? 0), expires: Number(f.expires ?? 0) };
    })
    .sort((a, b) => a.database - b.database);
}

/** A number field of `INFO`, `undefined` when it is not there. */
export const infoNumber = (info: Record<string, string>, key: string): number | undefined => {
  const n = Number(info[key]);
  return info[key] !== undefined && Number.isFinite(n) ? n : undefined;
};
