/** Demo sites for a plugin's `fixtures`: a member lists the data, the family stores it. */
import type { StateContext } from '../../server.ts';
import type { Backend, PhpVersion, RedirectCode } from '../shared/options.ts';
import type { WebServerEntities } from './model.ts';
import { hashPassword } from './passwords.ts';

/** A demo site: names, document root, backend, certificate, directives, redirects and one authentication. */
export interface DemoSite<D extends string = string> {
  names: string[];
  root: string;
  backend: Backend;
  php?: PhpVersion;
  upstream?: string;
  certificate?: string;
  directives?: [D, string][];
  redirects?: [source: string, target: string, code: RedirectCode][];
  auth?: { path: string; realm: string; users: string[] };
}

/** Stores the demo sites of a server unless it has sites already; every demo user gets `password`. */
export async function seedDemoSites({ em, server, clock }: StateContext, { Vhost, Redirect, Authentication }: WebServerEntities, sites: readonly DemoSite[], password: string): Promise<void> {
  if ((await em.count(Vhost, { serverId: server.id })) > 0) return;
  const now = clock.now();
  const at = { createdAt: now, updatedAt: now };
  for (const d of sites) {
    const vhost = em.create(Vhost, {
      serverId: server.id,
      serverNames: d.names,
      documentRoot: d.root,
      backend: d.backend,
      phpVersion: d.php ?? null,
      upstream: d.upstream ?? null,
      certificate: d.certificate ?? null,
      directives: (d.directives ?? []).map(([name, value]) => ({ name, value })),
      proxyLocations: [],
      ...at,
    });
    for (const [source, target, code] of d.redirects ?? []) em.create(Redirect, { serverId: server.id, vhost, source, target, code, ...at });
    if (d.auth)
      em.create(Authentication, {
        serverId: server.id,
        vhost,
        path: d.auth.path,
        realm: d.auth.realm,
        users: d.auth.users.map((name) => ({ name, hash: hashPassword(password) })),
        ...at,
      });
  }
  await em.flush();
}
