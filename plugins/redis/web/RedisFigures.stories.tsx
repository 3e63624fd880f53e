import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { redisApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { RedisFigures } from './RedisFigures.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const end = new Date('2026-12-04T10:00:00Z');
const slots = 360;

/** An hour of 10-second samples of an instance: a cache filling up (keys, memory), its hit rate settling. */
function hour(keys: number): Schemas['RedisSeries'] {
  const series = (f: (i: number) => number) => {
    const avg = Array.from({ length: slots }, (_, i) => (i < 120 ? null : Math.round(f(i) * 10) / 10));
    return { avg, max: avg.map((v) => (v === null ? null : Math.round(v * 1.1 * 10) / 10)) };
  };
  return {
    range: '1h',
    resolutionSeconds: 10,
    start: new Date(end.getTime() - (slots - 1) * 10_000).toISOString(),
    end: end.toISOString(),
    filled: slots - 120,
    figures: {
      memoryBytes: series((i) => 900_000 + i * keys * 8),
      opsPerSecond: series((i) => 40 + (i % 7) * 3),
      hitRatePercent: series((i) => Math.min(97, 60 + i / 8)),
      clients: series(() => 4),
      keys: series((i) => Math.round((keys * (i - 120)) / (slots - 120))),
      evictionsPerSecond: series(() => 0),
    },
  };
}

/**
 * The live figures and history of one redis instance (the instance page of a named instance, `instance="shop2"`; the
 * start page's without it). Storybook serves no API: the watch answers the instance's newest sample.
 */
const meta: Meta<typeof RedisFigures> = {
  title: 'Plugins/redis/Live figures',
  component: RedisFigures,
};
export default meta;
type Story = StoryObj<typeof RedisFigures>;

const forInstance = (instance: string, keys: number): Story => ({
  beforeEach: () => {
    const real = globalThis.fetch;
    const sample = { at: end.toISOString(), instance, figures: { memoryBytes: 900_000 + keys * 2_880, opsPerSecond: 52, hitRatePercent: 96.5, clients: 4, keys, evictionsPerSecond: 0 } };
    globalThis.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/redis/watch')
        ? Promise.resolve(new Response(JSON.stringify({ intervalSeconds: 10, leaseSeconds: 60, sample }), { headers: { 'Content-Type': 'application/json' } }))
        : real(input, init);
    return () => {
      globalThis.fetch = real;
    };
  },
  render: () => (
    <ManagedStoryHost
      pluginId="redis"
      translations={{ de, en }}
      prepare={(store) => void store.dispatch(redisApi.util.upsertQueryData('getRedisStats', { ...args, query: { instance, range: '1h' } }, hour(keys)))}
    >
      <RedisFigures instance={instance} />
    </ManagedStoryHost>
  ),
});

/** A named instance's own figures (its page under Instances). */
export const NamedInstance = forInstance('shop2', 7_340);
/** The default instance (the start page). */
export const DefaultInstance = forInstance('default', 48_213);
