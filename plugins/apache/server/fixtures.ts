/**
 * Demo sites of the apache servers (the web servers of cluster 20011 and the public demo's cluster 42): a
 * shop on PHP-FPM 8.2 with redirects and a protected admin area, and a static download site. They form the
 * desired state; the first apply writes them to the server.
 */
import type { StateContext } from '@portal/plugin-sdk/server';
import { seedDemoSites, type DemoSite } from '@portal/plugin-sdk/webserver';
import type { DirectiveName } from '../shared/options.ts';
import { apache } from './dialect.ts';

/** The basic-authentication password of every demo user (not shown anywhere; the hashes are stored). */
export const demoBasicAuthPassword = 'Vorschau-2026!';

const byCluster: Record<string, DemoSite<DirectiveName>[]> = {
  '20011': [
    {
      names: ['b2b.mueller-schmidt-shop.example', 'haendler.mueller-schmidt-shop.example'],
      root: 'b2b/public',
      backend: 'php',
      php: '8.2',
      certificate: 'mueller-schmidt-shop-2026',
      directives: [['LimitRequestBody', '67108864'], ['Header', 'X-Frame-Options SAMEORIGIN'], ['ServerSignature', 'Off']],
      redirects: [['/preisliste.html', '/preisliste', 301]],
      auth: { path: '/admin/', realm: 'B2B-Administration', users: ['shopbetrieb'] },
    },
    { names: ['downloads.mueller-schmidt.example'], root: 'downloads', backend: 'static', directives: [['ExpiresActive', 'On'], ['ExpiresDefault', 'access plus 7 days']] },
  ],
  '42': [{ names: ['blog.demo-shop.example'], root: 'blog/public', backend: 'php', php: '8.2', redirects: [['/feed.xml', '/feed', 301]] }],
};

/** The demo sites of a server, by its cluster (`web01.c20011.…`); only web servers run apache. */
export function demoSitesFor(server: { name: string; role: string }): DemoSite<DirectiveName>[] {
  const cluster = /\.c(\d+)\./.exec(server.name)?.[1];
  return server.role === 'web' && cluster ? (byCluster[cluster] ?? []) : [];
}

/** Stores the demo sites of a server unless it has sites already. */
export const seedDemoSitesOf = (c: StateContext): Promise<void> => seedDemoSites(c, apache.entities, demoSitesFor(c.server), demoBasicAuthPassword);
