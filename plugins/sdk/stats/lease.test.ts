import { LiveFeeds, stopAllLiveFeeds } from './lease.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stats family: live-feed leases', () => {
  afterEach(() => stopAllLiveFeeds());

  const feeds = (ticks: string[], leaseMs = 300) =>
    new LiveFeeds<{ serverId: number; path: string }, { opened: string }>({
      id: (k) => String(k.serverId),
      open: (k) => ({ opened: k.path }),
      tick: async (k, s) => void ticks.push(`${k.serverId}:${s.opened}`),
      intervalMs: 50,
      leaseMs,
    });

  it('R2.026 work runs only while a lease lasts: it starts with the first lease and stops when the last runs out', async () => {
    const ticks: string[] = [];
    const f = feeds(ticks);
    const lease = await f.lease({ serverId: 1, path: 'a' });
    expect(lease.leaseId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(lease.state).toEqual({ opened: 'a' });
    expect(f.size).toBe(1);
    await sleep(200);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    // Renewing keeps it going past the first lease's end.
    expect((await f.lease({ serverId: 1, path: 'a' }, lease.leaseId)).leaseId).toBe(lease.leaseId);
    await sleep(200);
    expect(f.size).toBe(1);
    await sleep(400);
    expect(f.size).toBe(0);
    const after = ticks.length;
    await sleep(150);
    expect(ticks.length).toBe(after);
  });

  it('R2.030 leases of one feed share its work; giving back the last one ends it at once', async () => {
    const ticks: string[] = [];
    const f = feeds(ticks, 60_000);
    const a = await f.lease({ serverId: 1, path: 'a' });
    const b = await f.lease({ serverId: 1, path: 'a' });
    expect(a.leaseId).not.toBe(b.leaseId);
    expect(f.size).toBe(1);
    f.release({ serverId: 1, path: 'a' }, a.leaseId);
    expect(f.size).toBe(1);
    f.release({ serverId: 1, path: 'a' }, 'unknown');
    f.release({ serverId: 1, path: 'a' }, b.leaseId);
    expect(f.size).toBe(0);
    f.release({ serverId: 2, path: 'a' }, b.leaseId);
  });

  it('R2.030 a feed whose key changed under the same id starts afresh; an unknown lease id gets a new lease', async () => {
    const ticks: string[] = [];
    const f = feeds(ticks, 60_000);
    await f.lease({ serverId: 1, path: 'a' });
    const moved = await f.lease({ serverId: 1, path: 'b' }, 'not-a-lease');
    expect(moved.leaseId).not.toBe('not-a-lease');
    expect(moved.state).toEqual({ opened: 'b' });
    expect(f.active).toEqual([{ serverId: 1, path: 'b' }]);
    await sleep(120);
    expect(ticks.every((t) => t === '1:b')).toBe(true);
  });
});
