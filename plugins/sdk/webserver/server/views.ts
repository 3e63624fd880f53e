/**
 * What the family's operations answer (the shapes of a member's contract: `<Pascal>Vhost`,
 * `<Pascal>Redirect`, …) and present: domain objects as the API shows them (never a password hash).
 * Generic in the dialect's directive names `D` and its program `P`, so a member's handlers are checked
 * against its own contract where it maps them (`listNginxVhosts: family.vhosts.list`).
 */
import type { Backend, RedirectCode } from '../shared/options.ts';
import type { LogEntry } from '../shared/logs.ts';
import type { AuthenticationState, ProxyLocationState, RedirectState, VhostState } from '../shared/state.ts';

export type CertificateStatus = 'installed' | 'will_generate' | 'missing';

export interface SiteView<D extends string = string> {
  id: number;
  serverNames: string[];
  documentRoot: string;
  backend: Backend;
  phpVersion: string | null;
  upstream: string | null;
  certificate: string | null;
  tls: 'none' | CertificateStatus;
  directives: { name: D; value: string }[];
  redirectCount: number;
  authenticationCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface RedirectView {
  id: number;
  vhostId: number;
  vhostName: string;
  source: string;
  target: string;
  code: RedirectCode;
  createdAt: string;
  updatedAt: string;
}

export interface AuthenticationView {
  id: number;
  vhostId: number;
  vhostName: string;
  path: string;
  realm: string;
  users: { name: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface CertificateView {
  id: string;
  commonName: string;
  altNames: string[];
  issuer: string;
  validUntil: string;
  status: CertificateStatus;
}

export interface AppliedView {
  version: number;
  appliedAt: string;
}

export interface ComparedFile {
  path: string;
  status: 'unchanged' | 'changed' | 'added' | 'removed';
  desired: string | null;
  live: string | null;
}

export interface StatusView<P extends string = string> {
  pending: boolean;
  changedFiles: number;
  lastApplied: AppliedView | null;
  service: { state: 'running' | 'stopped' | 'not_installed' | 'unknown'; endpoint: { host: string; port: number } | null };
  /** The program's check (`nginx -t`, `apache2ctl -t`) and self-signed certificates (`openssl`). */
  tools: Record<P | 'openssl', boolean>;
  counts: { vhosts: number; redirects: number; authentications: number };
}

export interface ConfigView {
  files: ComparedFile[];
  diff: string;
  pending: boolean;
  lastApplied: AppliedView | null;
  tlsNotices: { vhostId: number; serverName: string; certificate: string; status: 'will_generate' | 'missing' }[];
}

export interface LogPageView {
  data: LogEntry[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

export function presentVhost<D extends string>(v: VhostState, certificates: Map<string, CertificateStatus>): SiteView<D> {
  return {
    id: v.id,
    serverNames: v.serverNames,
    documentRoot: v.documentRoot,
    backend: v.backend,
    phpVersion: v.phpVersion,
    upstream: v.upstream,
    certificate: v.certificate,
    tls: v.certificate ? (certificates.get(v.certificate) ?? 'missing') : 'none',
    // Stored names passed the dialect's whitelist (rules) when they were written.
    directives: v.directives.map((d) => ({ name: d.name as D, value: d.value })),
    redirectCount: v.redirects.length,
    authenticationCount: v.authentications.length,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

export function presentRedirect(r: RedirectState, vhost: VhostState): RedirectView {
  return {
    id: r.id,
    vhostId: vhost.id,
    vhostName: vhost.serverNames[0],
    source: r.source,
    target: r.target,
    code: r.code as RedirectCode,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function presentAuthentication(a: AuthenticationState, vhost: VhostState): AuthenticationView {
  return {
    id: a.id,
    vhostId: vhost.id,
    vhostName: vhost.serverNames[0],
    path: a.path,
    realm: a.realm,
    users: a.users.map((u) => ({ name: u.name })),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** A proxy location as the API shows it, with its site. */
export interface ProxyLocationView {
  key: string;
  vhostId: number;
  vhostName: string;
  path: string;
  upstreams: string[];
  websocket: boolean;
  timeoutSeconds: number;
}

export function presentProxyLocation(p: ProxyLocationState, vhost: VhostState): ProxyLocationView {
  return { key: p.key, vhostId: vhost.id, vhostName: vhost.serverNames[0], path: p.path, upstreams: [...p.upstreams], websocket: p.websocket, timeoutSeconds: p.timeoutSeconds };
}
