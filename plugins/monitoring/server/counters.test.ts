import type { RunRequest, ServerGateway } from '@portal/plugin-sdk/server';
import { counterRates, roundTo } from '@portal/plugin-sdk/server';
import { parseNetDev, parseProcStat, readCounters } from './counters.ts';
import { monitoringSource } from './sampler.ts';

/** The CPU share and network rates monitoring stores for two readings of `/proc`. */
const rates = (
  previous: { atMs: number; cpu?: { busy: number; total: number }; net?: { rx: number; tx: number } } | undefined,
  current: NonNullable<typeof previous>,
) => {
  const values = (c: NonNullable<typeof previous>) => ({
    atMs: c.atMs,
    values: { ...(c.cpu && { cpuBusy: c.cpu.busy, cpuTotal: c.cpu.total }), ...(c.net && { rx: c.net.rx, tx: c.net.tx }) },
  });
  const f = monitoringSource.figures({}, counterRates(previous && values(previous), values(current), monitoringSource.counters));
  return { cpuPercent: f.cpu, rx: roundTo(f.rx ?? null, 0), tx: roundTo(f.tx ?? null, 0) };
};

const procStat = `cpu  4705 356 584 3699176 23060 0 277 0 0 0
cpu0 1393 280 228 924718 5914 0 228 0 0 0
intr 114930548 113199788 3 0 5 263 0 4 [...]
ctxt 1990473
btime 1062191376
`;

const netDev = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 9999999    1000    0    0    0     0          0         0 9999999    1000    0    0    0     0       0          0
  eth0: 1000000    2000    0    0    0     0          0         0  500000    1500    0    0    0     0       0          0
  ens4:    2000      20    0    0    0     0          0         0    3000      30    0    0    0     0       0          0
docker0:  777777     100    0    0    0     0          0         0  777777     100    0    0    0     0       0          0
vethab12:  55555      10    0    0    0     0          0         0   55555      10    0    0    0     0       0          0
`;

describe('monitoring counters', () => {
  it('R2.026 reads busy and total CPU time from the summary line of /proc/stat', () => {
    const total = 4705 + 356 + 584 + 3699176 + 23060 + 0 + 277 + 0;
    expect(parseProcStat(procStat)).toEqual({ busy: total - 3699176 - 23060, total });
    expect(parseProcStat('no cpu here')).toBeUndefined();
  });

  it('R2.026 sums network bytes over real interfaces, leaving out loopback, bridges and container interfaces', () => {
    expect(parseNetDev(netDev)).toEqual({ rx: 1002000, tx: 503000 });
    expect(parseNetDev('Inter-| Receive\n')).toBeUndefined();
  });

  it('R2.026 turns two readings into a CPU share and bytes per second', () => {
    const a = { atMs: 0, cpu: { busy: 100, total: 1000 }, net: { rx: 0, tx: 0 } };
    const b = { atMs: 2000, cpu: { busy: 350, total: 2000 }, net: { rx: 4000, tx: 1000 } };
    expect(rates(a, b)).toEqual({ cpuPercent: 25, rx: 2000, tx: 500 });
  });

  it('R2.026 gives no rate without an earlier reading, after a counter went back (reboot) or without counters', () => {
    const b = { atMs: 2000, cpu: { busy: 350, total: 2000 }, net: { rx: 4000, tx: 1000 } };
    expect(rates(undefined, b)).toEqual({ cpuPercent: null, rx: null, tx: null });
    expect(rates({ atMs: 0, cpu: { busy: 9000, total: 90000 }, net: { rx: 9e9, tx: 9e9 } }, b)).toEqual({
      cpuPercent: null,
      rx: null,
      tx: null,
    });
    expect(rates({ atMs: 0 }, { atMs: 1000 })).toEqual({ cpuPercent: null, rx: null, tx: null });
  });

  it('R2.026 reads both files with one cat on the server, and copes with a server that refuses', async () => {
    const calls: RunRequest[] = [];
    const gw = {
      run: async (r: RunRequest) => {
        calls.push(r);
        return { exitCode: 0, stdout: procStat + netDev, stderr: '', timedOut: false, durationMs: 1 };
      },
    } as unknown as ServerGateway;
    const c = await readCounters(gw, () => 42);
    expect(calls).toEqual([{ tool: 'cat', args: ['/proc/stat', '/proc/net/dev'], timeoutMs: 3000 }]);
    expect(c.atMs).toBe(42);
    expect(c.cpu?.total).toBeGreaterThan(0);
    expect(c.net).toEqual({ rx: 1002000, tx: 503000 });

    const failing = {
      run: async () => ({ exitCode: 127, stdout: '', stderr: 'cat: not installed', timedOut: false, durationMs: 0 }),
    } as unknown as ServerGateway;
    expect(await readCounters(failing, () => 1)).toEqual({ atMs: 1 });
    const throwing = { run: async () => Promise.reject(new Error('refused')) } as unknown as ServerGateway;
    expect(await readCounters(throwing, () => 2)).toEqual({ atMs: 2 });
  });

  it('R2.026 reads the real counters of this machine through a gateway-like runner', async () => {
    const { execFile } = await import('node:child_process');
    const gw = {
      run: (r: RunRequest) =>
        new Promise((resolve) =>
          execFile(r.tool, r.args as string[], (e, stdout, stderr) =>
            resolve({ exitCode: e ? 1 : 0, stdout, stderr, timedOut: false, durationMs: 0 }),
          ),
        ),
    } as unknown as ServerGateway;
    const c = await readCounters(gw, () => performance.now());
    if (process.platform !== 'linux') return;
    expect(c.cpu!.total).toBeGreaterThan(c.cpu!.busy);
  });
});
