import { readingOf, source } from './sampler.ts';

describe('rabbitmq figures', () => {
  it('reads gauges and counters from the overview and the node', () => {
    const r = readingOf({ queue_totals: { messages_ready: 3, messages_unacknowledged: 1 }, object_totals: { connections: 2, consumers: 4 }, message_stats: { publish: 10, deliver_get: 7 } }, 123456);
    expect(r).toEqual({ gauges: { messagesReady: 3, messagesUnacknowledged: 1, connections: 2, consumers: 4, memoryBytes: 123456 }, counters: { published: 10, delivered: 7 } });
  });

  it('counts from 0 before the first message and leaves out what the broker did not report', () => {
    expect(readingOf({})).toEqual({ gauges: {}, counters: { published: 0, delivered: 0 } });
  });

  it('turns the rates into figures, null where unknown', () => {
    expect(source.figures({ messagesReady: 5 }, { published: 2.345, delivered: null })).toMatchObject({ messagesReady: 5, publishPerSecond: 2.3, deliverPerSecond: null, connections: null });
  });
});
