/**
 * The profiles the snippet wrote (`render.ts`): `<id>.json` (the request's facts) and `<id>.collapsed` (Excimer's
 * stacks) in the profiles directory of the server, read through the plugin's gateway. Nothing is invented: a file
 * that does not parse is left out.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { Schemas } from '@portal/openapi';
import { parseCollapsed, type Stack } from '../shared/collapsed.ts';
import { profilesDir } from './render.ts';

export type Profile = Schemas['ProfilerProfile'];
export const profileIdPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const maxProfiles = 200;

/** The facts of `<id>.json` as written by the snippet (configVersion and runId are the portal's). */
export function parseMeta(id: string, text: string): Omit<Profile, 'configVersion' | 'runId'> | undefined {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  const startedAt = new Date(str(m.startedAt, 64));
  if (Number.isNaN(startedAt.getTime())) return undefined;
  return {
    id,
    host: str(m.host, 253),
    uri: str(m.uri, 2000),
    method: str(m.method, 16),
    startedAt: startedAt.toISOString(),
    durationMs: num(m.durationMs),
    samples: Math.round(num(m.samples)),
    periodMs: num(m.periodMs),
    clock: m.clock === 'cpu' ? 'cpu' : 'wall',
    config: /^[0-9a-f]{12}$/.test(str(m.config, 16)) ? str(m.config, 16) : '',
  };
}

/** The ids of the profiles on the server, newest first (the ids of requests begin with their time; runs by number). */
export async function profileIds(gw: ServerGateway): Promise<string[]> {
  const names = await gw.listFiles(profilesDir);
  return names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => profileIdPattern.test(id));
}

export async function readMeta(gw: ServerGateway, id: string) {
  const text = await gw.readFile(`${profilesDir}/${id}.json`);
  return text === null ? undefined : parseMeta(id, text);
}

/**
 * The stacks of a profile as the server names them: the snippet's own frames (its shutdown closure, sampled while it
 * stops the profiler) left out, script paths as the server's (the `local` gateway's sandbox prefix removed).
 */
export async function readStacks(gw: ServerGateway, id: string): Promise<Stack[] | undefined> {
  const text = await gw.readFile(`${profilesDir}/${id}.collapsed`);
  if (text === null) return undefined;
  const root = gw.hostPath('/').replace(/\/+$/, '');
  const serverPath = (frame: string) => (root ? frame.split(`${root}/`).join('/') : frame);
  return parseCollapsed(text)
    .filter((s) => !s.frames.some((f) => f.includes('portal-profiler/prepend.php')))
    .map((s) => ({ frames: s.frames.map(serverPath), samples: s.samples }));
}

/** The newest profiles (by start time), at most `maxProfiles`. */
export async function listProfiles(gw: ServerGateway) {
  const ids = await profileIds(gw);
  const metas = (await Promise.all(ids.map((id) => readMeta(gw, id)))).filter((m) => m !== undefined);
  return metas
    .sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : a.id < b.id ? 1 : -1))
    .slice(0, maxProfiles);
}

/** The profiled transactions (site and path without the query), slowest first, at most 20. */
export function slowestTransactions(profiles: readonly Pick<Profile, 'id' | 'host' | 'uri' | 'durationMs'>[]) {
  const groups = new Map<string, { host: string; path: string; count: number; maxMs: number; sumMs: number; slowest: string }>();
  for (const p of profiles) {
    const path = p.uri.split('?')[0] || '/';
    const key = `${p.host} ${path}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { host: p.host, path, count: 1, maxMs: p.durationMs, sumMs: p.durationMs, slowest: p.id });
    else {
      g.count += 1;
      g.sumMs += p.durationMs;
      if (p.durationMs > g.maxMs) Object.assign(g, { maxMs: p.durationMs, slowest: p.id });
    }
  }
  return [...groups.values()]
    .sort((a, b) => b.maxMs - a.maxMs || (a.path < b.path ? -1 : 1))
    .slice(0, 20)
    .map((g) => ({
      host: g.host,
      path: g.path,
      count: g.count,
      maxMs: g.maxMs,
      avgMs: Math.round((g.sumMs / g.count) * 1000) / 1000,
      slowest: g.slowest,
    }));
}
