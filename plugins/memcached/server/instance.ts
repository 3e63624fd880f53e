/**
 * What the running instance reports (`getMemcachedInstance`: `stats` and `stats settings`) and flushing it
 * (`flushMemcached`: `flush_all`), through the text protocol (`client.ts`).
 */
import type { Schemas } from '@portal/openapi';
import type { PluginHandlers, PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { flushAll, statNumber, statsOf } from './client.ts';

type Instance = Schemas['MemcachedInstance'];
type InstanceSettings = NonNullable<Instance['settings']>;

/** The `stats settings` names the portal shows, as the contract's `MemcachedInstance.settings` lists them. */
export const shownSettings: readonly (keyof InstanceSettings)[] = [
  'maxbytes',
  'maxconns',
  'num_threads',
  'item_size_max',
  'evictions',
  'verbosity',
  'inter',
  'tcpport',
  'udpport',
];

export const instanceHandlers = (ports: PluginPorts): Pick<PluginHandlers<Operations>, 'getMemcachedInstance' | 'flushMemcached'> => ({
  getMemcachedInstance: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const [stats, settings] = [await statsOf(gateway), await statsOf(gateway, 'settings')];
    if (!stats || !settings) return { running: false };
    return {
      running: true,
      version: (stats.version ?? '').slice(0, 32),
      uptimeSeconds: statNumber(stats, 'uptime') ?? 0,
      items: statNumber(stats, 'curr_items') ?? 0,
      settings: Object.fromEntries(shownSettings.filter((k) => k in settings).map((k) => [k, settings[k]!.slice(0, 64)])) as InstanceSettings,
    } satisfies Instance;
  },

  flushMemcached: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const stats = await statsOf(gateway);
    const itemsRemoved = stats ? (statNumber(stats, 'curr_items') ?? 0) : 0;
    const running = !!stats && (await flushAll(gateway));
    if (running) ports.logger.info({ serverId: c.server.id, userId: c.user.id, itemsRemoved }, 'memcached: flushed');
    return { running, itemsRemoved: running ? itemsRemoved : 0 };
  },
});
