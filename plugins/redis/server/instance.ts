/**
 * What the running instance reports (`getRedisInstance`: `INFO` and `CONFIG GET` of the managed settings) and
 * flushing its databases (`flushRedis`: `FLUSHDB` of one, `FLUSHALL`), through node-redis (`client.ts`).
 */
import type { Schemas } from '@portal/openapi';
import { found, validationFailed, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { infoNumber, keyspace, parseInfo, withRedis } from './client.ts';
import { RedisInstance } from './entities.ts';
import { defaultInstance } from './program.ts';

type Instance = Schemas['RedisInstance'];
type InstanceConfig = NonNullable<Instance['config']>;

/** The redis names of the settings the portal manages (`CONFIG GET`), as the contract's `RedisInstance.config` lists them. */
export const managedConfig: readonly (keyof InstanceConfig)[] = [
  'maxmemory',
  'maxmemory-policy',
  'appendonly',
  'appendfsync',
  'save',
  'maxclients',
  'timeout',
  'databases',
  'slowlog-log-slower-than',
  'loglevel',
];

/**
 * The configured port of the instance `name` (`undefined`: `default`); an instance the server does not have is a 404.
 */
export async function instancePort(em: PluginDatabase, serverId: number, name: string | undefined): Promise<number | undefined> {
  if (name === undefined || name === defaultInstance) return undefined;
  return found(await em.findOne(RedisInstance, { serverId, name })).port;
}

export const instanceHandlers = (ports: PluginPorts): Pick<PluginHandlers<Operations>, 'getRedisInstance' | 'flushRedis'> => ({
  getRedisInstance: async (c) => {
    const port = await instancePort(c.em, c.server.id, c.query.instance);
    const r = await withRedis(ports.gateway(c.server.id), c.server.id, async (client) => {
      const info = parseInfo(await client.info());
      const config = (await client.configGet([...managedConfig])) as Record<string, string>;
      return {
        running: true,
        version: (info.redis_version ?? '').slice(0, 32),
        uptimeSeconds: infoNumber(info, 'uptime_in_seconds') ?? 0,
        usedMemoryBytes: infoNumber(info, 'used_memory') ?? 0,
        databases: keyspace(info),
        config: Object.fromEntries(managedConfig.filter((k) => k in config).map((k) => [k, config[k]!])) as InstanceConfig,
      } satisfies Instance;
    }, port);
    return r ?? { running: false };
  },

  flushRedis: async (c) => {
    const { database } = c.body;
    const port = await instancePort(c.em, c.server.id, c.query.instance);
    const r = await withRedis(ports.gateway(c.server.id), c.server.id, async (client) => {
      const { databases } = (await client.configGet('databases')) as Record<string, string>;
      if (database !== null && database >= Number(databases)) throw validationFailed({ database: ['redis:errors.no_database'] });
      const held = keyspace(parseInfo(await client.info('keyspace')));
      const keysRemoved = held.filter((db) => database === null || db.database === database).reduce((sum, db) => sum + db.keys, 0);
      if (database === null) await client.flushAll();
      else {
        await client.select(database);
        await client.flushDb();
      }
      return keysRemoved;
    }, port);
    if (r !== undefined) ports.logger.info({ serverId: c.server.id, userId: c.user.id, instance: c.query.instance ?? defaultInstance, database, keysRemoved: r }, 'redis: flushed');
    return { running: r !== undefined, keysRemoved: r ?? 0 };
  },
});
