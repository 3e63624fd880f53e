/** Domain objects as the contract shows them (never a password hash). */
import type { Schemas } from '@portal/openapi';
import type { CertificateStatus } from './certificates.ts';
import type { AuthenticationState, RedirectState, VhostState } from './state.ts';

export function presentVhost(v: VhostState, certificates: Map<string, CertificateStatus>): Schemas['NginxVhost'] {
  return {
    id: v.id,
    serverNames: v.serverNames,
    documentRoot: v.documentRoot,
    backend: v.backend,
    phpVersion: v.phpVersion,
    upstream: v.upstream,
    certificate: v.certificate,
    tls: v.certificate ? (certificates.get(v.certificate) ?? 'missing') : 'none',
    directives: v.directives.map((d) => ({ name: d.name as Schemas['NginxDirective']['name'], value: d.value })),
    redirectCount: v.redirects.length,
    authenticationCount: v.authentications.length,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

export function presentRedirect(r: RedirectState, vhost: VhostState): Schemas['NginxRedirect'] {
  return {
    id: r.id,
    vhostId: vhost.id,
    vhostName: vhost.serverNames[0],
    source: r.source,
    target: r.target,
    code: r.code as Schemas['NginxRedirect']['code'],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function presentAuthentication(a: AuthenticationState, vhost: VhostState): Schemas['NginxAuthentication'] {
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
