/**
 * CPU and network counters of a Linux server. The SDK's `ServerMetrics` has load, memory and disk
 * but neither CPU time nor network bytes, so the sampler reads `/proc/stat` and `/proc/net/dev`
 * through the gateway (`run({ tool: 'cat' })` — on the server, never on the portal's file system
 * directly); the stats family turns two readings into rates. A server without them (not Linux, `cat`
 * refused) simply has no CPU and network figures; everything else still works.
 */
import type { ServerGateway } from '@portal/plugin-sdk/server';

export interface Counters {
  /** Monotonic milliseconds of the reading (for rates). */
  atMs: number;
  /** Jiffies of all CPUs: busy (everything but idle and iowait) and total; absent when unreadable. */
  cpu?: { busy: number; total: number };
  /** Bytes received and sent since boot over the counted interfaces; absent when unreadable. */
  net?: { rx: number; tx: number };
}

/** Interfaces whose traffic is also counted on a physical one (or never leaves the host). */
const skippedInterface = /^(lo|veth|docker|br-|virbr|cni|flannel|cali|kube-ipvs|tunl)/;

/** The `cpu` summary line of `/proc/stat`: user nice system idle iowait irq softirq steal (guest is part of user). */
export function parseProcStat(text: string): Counters['cpu'] | undefined {
  const line = /^cpu\s+([\d\s]+)$/m.exec(text)?.[1];
  if (!line) return undefined;
  const f = line.trim().split(/\s+/).map(Number);
  if (f.length < 4 || f.some((n) => !Number.isFinite(n))) return undefined;
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = f;
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

/** Sums receive and transmit bytes of `/proc/net/dev` over the interfaces that carry real traffic. */
export function parseNetDev(text: string): Counters['net'] | undefined {
  let rx = 0;
  let tx = 0;
  let seen = 0;
  for (const m of text.matchAll(/^\s*([^\s:|]+):\s*((?:\d+\s+){8,}\d+)\s*$/gm)) {
    const name = m[1];
    const f = m[2].trim().split(/\s+/).map(Number);
    if (f.length < 16 || skippedInterface.test(name)) continue;
    rx += f[0];
    tx += f[8];
    seen += 1;
  }
  return seen ? { rx, tx } : undefined;
}

/** Reads both files in one `cat` on the server. */
export async function readCounters(gateway: ServerGateway, atMs: () => number): Promise<Counters> {
  try {
    const result = await gateway.run({ tool: 'cat', args: ['/proc/stat', '/proc/net/dev'], timeoutMs: 3000 });
    const at = atMs();
    if (result.exitCode !== 0) return { atMs: at };
    return { atMs: at, cpu: parseProcStat(result.stdout), net: parseNetDev(result.stdout) };
  } catch {
    return { atMs: atMs() };
  }
}
