/**
 * Redirect loops: a redirect whose target leads back to its own source — directly (`/a` → `/a`, or
 * `https://<a name of the same domain>/a`), or through other redirects of the server (`/a` → `/b` → `/a`,
 * across domains too). The scheme does not matter: one site (server block, vhost) answers http and https alike.
 */
import { serverNameMatches } from './options.ts';

export interface LoopVhost {
  id: number;
  serverNames: string[];
}

export interface LoopRedirect {
  id: number;
  vhostId: number;
  source: string;
  target: string;
}

/** The path nginx matches a location against: without query and fragment, percent-decoded. */
function locationPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '') || '/';
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare;
  }
}

/** The domain of this server a host name reaches (exact names before wildcards), if any. */
export function vhostForHost<V extends LoopVhost>(vhosts: readonly V[], host: string): V | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  return vhosts.find((v) => v.serverNames.includes(h)) ?? vhosts.find((v) => v.serverNames.some((n) => serverNameMatches(n, h)));
}

/** Where a redirect target lands on this server (`null`: it leaves the server). */
export function resolveTarget(target: string, fromVhostId: number, vhosts: readonly LoopVhost[]): { vhostId: number; path: string } | null {
  if (target.startsWith('/')) return { vhostId: fromVhostId, path: locationPath(target) };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const vhost = vhostForHost(vhosts, url.hostname);
  return vhost ? { vhostId: vhost.id, path: locationPath(url.pathname) } : null;
}

/** The redirects that are part of a loop or lead into one. */
export function findLoops(vhosts: readonly LoopVhost[], redirects: readonly LoopRedirect[]): Set<number> {
  const bySource = new Map(redirects.map((r) => [`${r.vhostId} ${locationPath(r.source)}`, r]));
  const looping = new Set<number>();
  for (const start of redirects) {
    const seen = new Set<number>();
    let current: LoopRedirect | undefined = start;
    while (current) {
      if (seen.has(current.id)) {
        looping.add(start.id);
        break;
      }
      seen.add(current.id);
      const next = resolveTarget(current.target, current.vhostId, vhosts);
      current = next ? bySource.get(`${next.vhostId} ${next.path}`) : undefined;
    }
  }
  return looping;
}
