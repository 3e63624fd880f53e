/** Factories for a member's unit tests: a site of the desired state, a redirect, an authentication, a render environment. */
import type { AuthenticationState, RedirectState, VhostState } from '../shared/state.ts';
import type { DemoSite } from './fixtures.ts';
import type { RenderEnv } from './render.ts';

const at = '2026-11-22T10:00:00.000Z';

export function buildVhost(over: Partial<VhostState> = {}): VhostState {
  return {
    id: 1,
    serverNames: ['shop.example.com', 'www.shop.example.com'],
    documentRoot: 'shop/public',
    backend: 'php',
    phpVersion: '8.3',
    upstream: null,
    certificate: null,
    directives: [],
    redirects: [],
    authentications: [],
    proxyLocations: [],
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

export const buildRedirect = (over: Partial<RedirectState> = {}): RedirectState => ({ id: 1, source: '/old', target: '/new', code: 301, createdAt: at, updatedAt: at, ...over });

export const buildAuthentication = (over: Partial<AuthenticationState> = {}): AuthenticationState => ({
  id: 7,
  path: '/admin/',
  realm: 'Admin area',
  // SHA-512-crypt of "correct horse" with salt "saltsalt".
  users: [{ name: 'alice', hash: '$6$saltsalt$hRM5XZ86KXEw9UOmjigeVqFgULtFB2sgpC9lXQDfMib3Zgw7mEiUvBJI2EplzfAqxL5Vvwp2scFtv/uamSo5z0' }],
  createdAt: at,
  updatedAt: at,
  ...over,
});

/**
 * A member's demo sites as the desired state (ids from 1, every demo user with `hash`), for checking what the
 * demo seed stores against the member's rules and its program.
 */
export function demoSiteStates(sites: readonly DemoSite[], hash: string): VhostState[] {
  let authId = 0;
  return sites.map((d, i) =>
    buildVhost({
      id: i + 1,
      serverNames: d.names,
      documentRoot: d.root,
      backend: d.backend,
      phpVersion: d.php ?? null,
      upstream: d.upstream ?? null,
      certificate: d.certificate ?? null,
      directives: (d.directives ?? []).map(([name, value]) => ({ name, value })),
      redirects: (d.redirects ?? []).map(([source, target, code], j) => buildRedirect({ id: j + 1, source, target, code })),
      authentications: d.auth ? [buildAuthentication({ id: ++authId, path: d.auth.path, realm: d.auth.realm, users: d.auth.users.map((name) => ({ name, hash })) })] : [],
    }),
  );
}

/** Paths under `/srv/sb1`, HTTP on 127.0.0.1:8080, HTTPS on 127.0.0.1:8443. */
export const testEnv = (certificates: string[] = []): RenderEnv => ({
  hostPath: (p) => `/srv/sb1${p}`,
  listen: { host: '127.0.0.1', port: 8080 },
  tlsListen: { host: '127.0.0.1', port: 8443 },
  certificates: new Set(certificates),
});
