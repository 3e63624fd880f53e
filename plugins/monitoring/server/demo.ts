/**
 * Demo history: a week of plausible figures for a demo server, shaped by its role (a web server
 * busy in the evening, a database with a full buffer pool, a load balancer moving traffic), at the
 * resolutions the portal keeps (10 s for the last hour, 1 min for a day, 10 min for a week).
 * Deterministic per server id, so screenshots and tests see the same curves.
 */
import {
  bucketOf,
  MINUTE_SECONDS,
  RAW_SECONDS,
  rollup,
  rollupOfSample,
  TEN_MINUTES_SECONDS,
  type Rollup,
  type StatsHistory,
} from '@portal/plugin-sdk/server';
import type { Figure } from './stats.ts';

type Sample = { bucket: Date; figures: Record<Figure, number> };

const GiB = 1024 ** 3;
const GB = 1000 ** 3;
const MB = 1000 ** 2;

interface Profile {
  cpuCount: number;
  memoryTotal: number;
  diskTotal: number;
  /** CPU % at night and extra at the evening peak. */
  cpu: [base: number, peak: number];
  /** Memory in use, as a share of the total: base and swing with load. */
  memory: [base: number, swing: number];
  /** Disk in use at the start of the week (share) and growth per day (share). */
  disk: [start: number, perDay: number];
  /** Bytes per second received and sent at the peak. */
  net: [rx: number, tx: number];
}

const profiles: Record<string, Profile> = {
  web: {
    cpuCount: 8,
    memoryTotal: 16 * GiB,
    diskTotal: 100 * GB,
    cpu: [7, 48],
    memory: [0.48, 0.2],
    disk: [0.41, 0.002],
    net: [1.8 * MB, 9.5 * MB],
  },
  database: {
    cpuCount: 8,
    memoryTotal: 32 * GiB,
    diskTotal: 250 * GB,
    cpu: [4, 26],
    memory: [0.79, 0.05],
    disk: [0.63, 0.004],
    net: [3.2 * MB, 2.4 * MB],
  },
  loadbalancer: {
    cpuCount: 4,
    memoryTotal: 8 * GiB,
    diskTotal: 50 * GB,
    cpu: [3, 14],
    memory: [0.24, 0.06],
    disk: [0.18, 0.0005],
    net: [11 * MB, 12 * MB],
  },
};

/** A small seeded generator (mulberry32): the same server always gets the same curves. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Activity 0…1 over the day in Berlin (UTC+1 in winter): quiet at night, a bump at noon, the peak in the evening. */
function activity(at: number): number {
  const hour = (((at / 3_600_000 + 1) % 24) + 24) % 24;
  // Distance on the clock face, so the evening fades into the night instead of ending at midnight.
  const from = (center: number) => Math.min(Math.abs(hour - center), 24 - Math.abs(hour - center));
  const evening = Math.exp(-((from(20.5) / 2.6) ** 2));
  const noon = 0.55 * Math.exp(-((from(12.5) / 2.2) ** 2));
  const weekday = new Date(at).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.8 : 1;
  return Math.min(1, (0.06 + evening + noon) * weekend);
}

function sampleAt(p: Profile, at: number, weekStart: number, rnd: () => number, jitter: number): Sample {
  const a = activity(at);
  const noise = () => (rnd() - 0.5) * 2 * jitter;
  const cpu = Math.min(100, Math.max(0.5, p.cpu[0] + p.cpu[1] * a + noise() * 10));
  const load1 = Math.max(0, (cpu / 100) * p.cpuCount * (1.05 + noise() * 0.3));
  const days = (at - weekStart) / 86_400_000;
  const memoryShare = Math.min(0.97, p.memory[0] + p.memory[1] * a + noise() * 0.02);
  const diskShare = Math.min(0.98, p.disk[0] + p.disk[1] * days);
  const traffic = 0.04 + 0.96 * a;
  return {
    bucket: new Date(at),
    figures: {
      cpu: Math.round(cpu * 10) / 10,
      load1: Math.round(load1 * 100) / 100,
      load5: Math.round(load1 * 0.93 * 100) / 100,
      load15: Math.round(load1 * 0.88 * 100) / 100,
      cpuCount: p.cpuCount,
      memoryUsed: Math.round(p.memoryTotal * memoryShare),
      memoryTotal: p.memoryTotal,
      diskUsed: Math.round(p.diskTotal * diskShare),
      diskTotal: p.diskTotal,
      rx: Math.round(p.net[0] * traffic * (1 + noise() * 0.5)),
      tx: Math.round(p.net[1] * traffic * (1 + noise() * 0.5)),
    },
  };
}

/** A bucket of `samples` 10-second samples: its average, and a maximum somewhat above it. */
function bucketAt(p: Profile, at: number, weekStart: number, rnd: () => number, samples: number): Rollup<Figure> {
  const { bucket, figures: f } = sampleAt(p, at, weekStart, rnd, 0.3);
  const spike = () => 1 + rnd() * 0.25;
  const stat = (avg: number, max = avg) => ({ avg, max, n: samples, last: avg });
  return {
    bucket,
    samples,
    stats: {
      cpu: stat(f.cpu, Math.min(100, Math.round(f.cpu * spike() * 10) / 10)),
      load1: stat(f.load1, Math.round(f.load1 * spike() * 100) / 100),
      load5: stat(f.load5),
      load15: stat(f.load15),
      cpuCount: stat(f.cpuCount),
      memoryUsed: stat(f.memoryUsed, Math.min(p.memoryTotal, Math.round(f.memoryUsed * (1 + rnd() * 0.01)))),
      memoryTotal: stat(f.memoryTotal),
      diskUsed: stat(f.diskUsed),
      diskTotal: stat(f.diskTotal),
      rx: stat(f.rx, Math.round(f.rx * spike())),
      tx: stat(f.tx, Math.round(f.tx * spike())),
    },
  };
}

/**
 * The servers that get demo history: those of the demo cluster 20011, the one the demo logins
 * administrate (nobody administrates the other demo clusters, so their Managed Center cannot be
 * opened). Writing a week of history costs ~2 800 rows per server; every test server seeds the
 * fixtures, so the other demo servers start empty, like a newly added server ("no data yet").
 */
export const hasDemoHistory = (server: { name: string }): boolean => /\.c20011\.managed-hosting\.example$/.test(server.name);

/** The history a demo server starts with, up to (not including) the bucket of `now`. */
export function demoHistory(server: { id: number; role: string }, now: Date): StatsHistory<Figure> {
  const p = profiles[server.role] ?? profiles.web;
  const rnd = random(server.id * 7919 + 17);
  const current = bucketOf(now, RAW_SECONDS).getTime();
  const hourAgo = current - 3600 * 1000;
  const weekStart = bucketOf(current - 7 * 86_400 * 1000, TEN_MINUTES_SECONDS).getTime();

  const raw: Rollup<Figure>[] = [];
  for (let t = hourAgo; t < current; t += RAW_SECONDS * 1000) {
    const s = sampleAt(p, t, weekStart, rnd, 0.5);
    raw.push(rollupOfSample(s.bucket, s.figures));
  }

  // Ten-minute buckets before the last day, minutes of the last day, raw samples of the last hour;
  // each coarser level of the recent part is rolled up from the finer one, as the sampler does.
  const firstRawMinute = bucketOf(hourAgo, MINUTE_SECONDS).getTime();
  const firstMinute = bucketOf(current - 24 * 3600 * 1000, TEN_MINUTES_SECONDS).getTime();
  const minute: Rollup<Figure>[] = [];
  for (let t = firstMinute; t < firstRawMinute; t += MINUTE_SECONDS * 1000) minute.push(bucketAt(p, t, weekStart, rnd, 6));
  minute.push(...rollup(raw, MINUTE_SECONDS));
  const tenMinutes: Rollup<Figure>[] = [];
  for (let t = weekStart; t < firstMinute; t += TEN_MINUTES_SECONDS * 1000) tenMinutes.push(bucketAt(p, t, weekStart, rnd, 60));
  tenMinutes.push(...rollup(minute, TEN_MINUTES_SECONDS));
  return { raw, minute, tenMinutes };
}
