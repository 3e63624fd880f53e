/**
 * The desired state of a web server of the family as plain data: what the rules check, the dialect
 * renders, an apply keeps as its snapshot and `restore` puts back. The JSON shape (`{ vhosts: [...] }`) is
 * stored in applied versions: keep it compatible.
 */
import type { Backend } from './options.ts';

/** One additional directive of a site (a whitelisted name and its validated value). */
export interface DirectiveRecord {
  name: string;
  value: string;
}

/** A user of a basic authentication: the name and its SHA-512-crypt hash (never returned by the API). */
export interface AuthUserRecord {
  name: string;
  hash: string;
}

export interface RedirectState {
  id: number;
  source: string;
  target: string;
  code: number;
  createdAt: string;
  updatedAt: string;
}

export interface AuthenticationState {
  id: number;
  path: string;
  realm: string;
  users: AuthUserRecord[];
  createdAt: string;
  updatedAt: string;
}

/** A path prefix of a site forwarded to upstreams (the family's proxy location), published under a key of the server. */
export interface ProxyLocationState {
  key: string;
  path: string;
  upstreams: string[];
  websocket: boolean;
  timeoutSeconds: number;
}

/** A site (domain, vhost): its names (the first is the primary one), document root, backend, certificate and directives. */
export interface VhostState {
  id: number;
  serverNames: string[];
  documentRoot: string;
  backend: Backend;
  phpVersion: string | null;
  upstream: string | null;
  certificate: string | null;
  directives: DirectiveRecord[];
  redirects: RedirectState[];
  authentications: AuthenticationState[];
  /** Added after the first version: a snapshot without it has none. */
  proxyLocations: ProxyLocationState[];
  createdAt: string;
  updatedAt: string;
}

/** The whole desired state of a server (also the apply snapshot). */
export interface WebServerState {
  vhosts: VhostState[];
}

/** Whether a snapshot looks like one the family wrote (rollbacks hand back stored JSON). */
export const isWebServerState = (value: unknown): value is WebServerState =>
  !!value && typeof value === 'object' && Array.isArray((value as WebServerState).vhosts);

/** What changed between two states (primary names of the sites), for the change log line. */
export function describeChange(before: WebServerState | null, after: WebServerState): { added: string[]; changed: string[]; removed: string[] } {
  // Canonical JSON (sorted keys, no timestamps): a snapshot read back from jsonb has its keys reordered.
  const strip = (v: VhostState) =>
    JSON.stringify(v, (key, value: unknown) => {
      if (key === 'createdAt' || key === 'updatedAt') return undefined;
      // Snapshots from before proxy locations existed have none.
      if (key === 'proxyLocations' && Array.isArray(value) && !value.length) return undefined;
      if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
      return value;
    });
  const old = new Map((before?.vhosts ?? []).map((v) => [v.id, v]));
  const now = new Map(after.vhosts.map((v) => [v.id, v]));
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const v of after.vhosts) {
    const was = old.get(v.id);
    if (!was) added.push(v.serverNames[0]);
    else if (strip(was) !== strip(v)) changed.push(v.serverNames[0]);
  }
  for (const v of before?.vhosts ?? []) if (!now.has(v.id)) removed.push(v.serverNames[0]);
  return { added, changed, removed };
}
