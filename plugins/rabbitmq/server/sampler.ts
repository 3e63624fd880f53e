/**
 * The live figures of the server's broker, as a source of the stats family: its overview and node through the
 * management API (`broker.ts`) once per sample. Messages, connections, consumers and memory are gauges; published
 * and delivered messages are the broker's monotonic totals, which the family turns into per-second rates since the
 * previous sample.
 */
import { roundTo, type StatsSource } from '@portal/plugin-sdk/server';
import { api } from './broker.ts';

/** What is stored per sample, with its decimal places (the names are the contract's `RabbitmqFigures`). */
export const figures = {
  messagesReady: {},
  messagesUnacknowledged: {},
  publishPerSecond: { digits: 1 },
  deliverPerSecond: { digits: 1 },
  connections: {},
  consumers: {},
  memoryBytes: {},
};
export type Figure = keyof typeof figures;
export type Gauge = 'messagesReady' | 'messagesUnacknowledged' | 'connections' | 'consumers' | 'memoryBytes';
export type Counter = 'published' | 'delivered';

export interface Overview {
  queue_totals?: { messages_ready?: number; messages_unacknowledged?: number };
  object_totals?: { connections?: number; consumers?: number };
  message_stats?: { publish?: number; deliver_get?: number };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const defined = <T extends string>(o: Record<T, number | undefined>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<Record<T, number>>;

/** The overview and the node's memory → gauges and counters (a value the broker did not report is left out). */
export function readingOf(overview: Overview, memoryBytes?: number) {
  return {
    gauges: defined<Gauge>({
      messagesReady: num(overview.queue_totals?.messages_ready),
      messagesUnacknowledged: num(overview.queue_totals?.messages_unacknowledged),
      connections: num(overview.object_totals?.connections),
      consumers: num(overview.object_totals?.consumers),
      memoryBytes: num(memoryBytes),
    }),
    // Before the first message the broker has no message_stats: the totals are 0.
    counters: defined<Counter>({ published: num(overview.message_stats?.publish) ?? 0, delivered: num(overview.message_stats?.deliver_get) ?? 0 }),
  };
}

export const source: Omit<StatsSource<Gauge, Counter, Figure, unknown>, 'present'> = {
  counters: ['published', 'delivered'],
  async read(gateway) {
    try {
      const overview = await api<Overview>(gateway, 'GET', '/overview', undefined, 3000);
      if (!overview) return { gauges: {} };
      const nodes = await api<{ mem_used?: number }[]>(gateway, 'GET', '/nodes?columns=mem_used', undefined, 3000);
      return readingOf(overview, nodes?.[0]?.mem_used);
    } catch {
      return { gauges: {} };
    }
  },
  figures: (g, rates) => ({
    messagesReady: g.messagesReady ?? null,
    messagesUnacknowledged: g.messagesUnacknowledged ?? null,
    publishPerSecond: roundTo(rates.published, 1),
    deliverPerSecond: roundTo(rates.delivered, 1),
    connections: g.connections ?? null,
    consumers: g.consumers ?? null,
    memoryBytes: g.memoryBytes ?? null,
  }),
};
