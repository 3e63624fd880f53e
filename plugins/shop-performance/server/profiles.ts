/**
 * Links from a report's URLs to the PHP profiles the profiler module captured of them. The profiler keeps no
 * table another plugin may read; its profiles are files on the server, `/var/lib/portal-profiler/profiles/<id>.json`
 * (host, URI, start, duration; written by its PHP snippet), read here through this plugin's gateway (`reads` in
 * `program.ts`). Only requests' profiles (`<yyyymmdd>-<hhmmss>-<random>`, UTC), not the portal's "profile now" runs;
 * at most the newest 200 in the access logs' window are read. The profiler section opens one with `?profile=<id>`.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import type { ProfileLink } from '../shared/result.ts';

export const profilesDir = '/var/lib/portal-profiler/profiles';
const requestId = /^(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)-[0-9a-f]{8}$/;
const maxRead = 200;
/** Slack around the access logs' window: a log line is written when a request ends, its profile says when it began. */
const slackMs = 60_000;

export interface ProfileMeta extends ProfileLink {
  host: string;
  /** Path without the query. */
  path: string;
}

const startOf = (id: string) => {
  const m = requestId.exec(id);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : null;
};

/** The facts of a profile's `<id>.json` this report needs (`undefined`: not a profile the snippet wrote). */
export function parseProfile(id: string, text: string): ProfileMeta | undefined {
  try {
    const m = JSON.parse(text) as Record<string, unknown>;
    const startedAt = typeof m.startedAt === 'string' ? new Date(m.startedAt) : null;
    if (!startedAt || Number.isNaN(startedAt.getTime()) || typeof m.host !== 'string' || typeof m.uri !== 'string') return undefined;
    const durationMs = typeof m.durationMs === 'number' && Number.isFinite(m.durationMs) && m.durationMs >= 0 ? Math.round(m.durationMs) : 0;
    return { id, host: m.host.toLowerCase().slice(0, 253), path: m.uri.split('?')[0]!.slice(0, 4096) || '/', startedAt: startedAt.toISOString(), durationMs };
  } catch {
    return undefined;
  }
}

/** The profiles of requests on the server, newest first (at most 200; `since`: by the time in their id, less a minute). */
export async function readProfiles(gateway: ServerGateway, since: string | null = null): Promise<ProfileMeta[]> {
  const sinceMs = since ? Date.parse(since) - slackMs : -Infinity;
  const ids = (await gateway.listFiles(profilesDir))
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => (startOf(id) ?? -Infinity) >= sinceMs)
    .sort()
    .reverse()
    .slice(0, maxRead);
  const out: ProfileMeta[] = [];
  for (const id of ids) {
    const text = await gateway.readFile(`${profilesDir}/${id}.json`);
    const p = text === null ? undefined : parseProfile(id, text);
    if (p) out.push(p);
  }
  return out;
}

/** The slowest 3 profiles of a host and path that began in the window (± a minute). */
export function linksFor(profiles: readonly ProfileMeta[], host: string | null, path: string, window: { from: string | null; to: string | null }): ProfileLink[] {
  if (!host || !window.from || !window.to) return [];
  const from = Date.parse(window.from) - slackMs;
  const to = Date.parse(window.to) + slackMs;
  if (Number.isNaN(from) || Number.isNaN(to)) return [];
  return profiles
    .filter((p) => p.host === host.toLowerCase() && p.path === path && Date.parse(p.startedAt) >= from && Date.parse(p.startedAt) <= to)
    .sort((a, b) => b.durationMs - a.durationMs || a.id.localeCompare(b.id))
    .slice(0, 3)
    .map(({ id, startedAt, durationMs }) => ({ id, startedAt, durationMs }));
}
