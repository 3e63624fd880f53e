/**
 * Demo domains for the demo servers: what the customers of the demo data would run on their web
 * servers and load balancers (a shop with PHP, an API behind an upstream, staging behind a password).
 * They form the desired state; the first apply writes them to the server.
 */
import type { StateContext } from '@portal/plugin-sdk/server';
import { seedDemoSites, type DemoSite } from '@portal/plugin-sdk/webserver';
import type { CertificateId, DirectiveName } from '../shared/options.ts';
import { nginx } from './dialect.ts';

type DemoVhost = DemoSite<DirectiveName> & { certificate?: CertificateId };

/** The basic-authentication password of every demo user (not shown anywhere; the hashes are stored). */
export const demoBasicAuthPassword = 'Vorschau-2026!';

const security: [DirectiveName, string][] = [
  ['add_header', 'X-Frame-Options SAMEORIGIN'],
  ['add_header', 'X-Content-Type-Options nosniff'],
  ['server_tokens', 'off'],
];

const byCluster: Record<string, { web: DemoVhost[]; loadbalancer: DemoVhost[] }> = {
  '20011': {
    web: [
      {
        names: ['www.mueller-schmidt-shop.example', 'mueller-schmidt-shop.example'],
        root: 'shop/public',
        backend: 'php',
        php: '8.3',
        certificate: 'mueller-schmidt-shop-2026',
        directives: [['client_max_body_size', '64m'], ['gzip', 'on'], ['gzip_types', 'text/css application/javascript application/json image/svg+xml'], ...security, ['add_header', 'Strict-Transport-Security max-age=31536000; includeSubDomains']],
        redirects: [
          ['/impressum.html', '/impressum', 301],
          ['/agb.html', '/agb', 301],
          ['/sale', '/aktionen/winterschlussverkauf', 302],
          ['/katalog-2025', 'https://media.mueller-schmidt.example/kataloge/2025.pdf', 308],
        ],
        auth: { path: '/admin/', realm: 'Shop-Administration', users: ['shopbetrieb', 'agentur.weber'] },
      },
      { names: ['media.mueller-schmidt.example'], root: 'media', backend: 'static', certificate: 'wildcard-mueller-schmidt-2026', directives: [['expires', '30d'], ['gzip', 'on'], ['autoindex', 'off']] },
      { names: ['api.mueller-schmidt-shop.example'], root: 'api/public', backend: 'upstream', upstream: '127.0.0.1:8080', certificate: 'mueller-schmidt-shop-2026', directives: [['client_max_body_size', '8m'], ['proxy_read_timeout', '120s']] },
    ],
    loadbalancer: [
      {
        names: ['www.mueller-schmidt-shop.example', 'mueller-schmidt-shop.example', 'api.mueller-schmidt-shop.example'],
        root: 'lb',
        backend: 'upstream',
        upstream: '10.11.0.21:80',
        certificate: 'mueller-schmidt-shop-2026',
        directives: [['client_max_body_size', '64m'], ['proxy_read_timeout', '120s'], ['add_header', 'Strict-Transport-Security max-age=31536000; includeSubDomains']],
        redirects: [['/shop', '/', 301]],
      },
    ],
  },
  '20012': {
    web: [
      {
        names: ['staging.mueller-schmidt-shop.example'],
        root: 'staging/public',
        backend: 'php',
        php: '8.4',
        directives: [['client_max_body_size', '64m'], ['add_header', 'X-Robots-Tag noindex, nofollow']],
        auth: { path: '/', realm: 'Staging', users: ['agentur.weber', 'qa'] },
      },
      { names: ['*.preview.mueller-schmidt-shop.example'], root: 'previews', backend: 'static', directives: [['add_header', 'X-Robots-Tag noindex']] },
    ],
    loadbalancer: [{ names: ['staging.mueller-schmidt-shop.example'], root: 'lb', backend: 'upstream', upstream: '10.12.0.21:80' }],
  },
  // The public demo's cluster 42 (issue 13): a shop with a redirect and a protected admin area, and an API.
  '42': {
    web: [
      {
        names: ['www.demo-shop.example', 'demo-shop.example'],
        root: 'shop/public',
        backend: 'php',
        php: '8.3',
        directives: [['client_max_body_size', '64m'], ['gzip', 'on'], ...security],
        redirects: [['/angebote.html', '/angebote', 301]],
        auth: { path: '/admin/', realm: 'Shop-Administration', users: ['demo'] },
      },
      { names: ['api.demo-shop.example'], root: 'api/public', backend: 'upstream', upstream: '127.0.0.1:8080', directives: [['proxy_read_timeout', '120s']] },
    ],
    loadbalancer: [],
  },
  '20021': {
    web: [
      {
        names: ['www.nordlicht-medien.example', 'nordlicht-medien.example'],
        root: 'mediathek/public',
        backend: 'php',
        php: '8.2',
        certificate: 'nordlicht-medien-2026',
        directives: [['client_max_body_size', '512m'], ['fastcgi_read_timeout', '300s'], ...security],
        redirects: [['/mediathek', '/', 301]],
      },
    ],
    loadbalancer: [{ names: ['www.nordlicht-medien.example', 'nordlicht-medien.example'], root: 'lb', backend: 'upstream', upstream: '10.21.0.21:80', certificate: 'nordlicht-medien-2026', directives: [['client_max_body_size', '512m']] }],
  },
  '20022': {
    web: [
      { names: ['kunde-a.nordlicht-projekte.example'], root: 'kunde-a/public', backend: 'php', php: '8.1', auth: { path: '/', realm: 'Kundenvorschau', users: ['kunde-a'] } },
      { names: ['kunde-b.nordlicht-projekte.example'], root: 'kunde-b/dist', backend: 'static', directives: [['expires', '1h']] },
    ],
    loadbalancer: [],
  },
  '20031': {
    web: [{ names: ['filialen.baeckerei-sonnenschein.example'], root: 'filialfinder/public', backend: 'upstream', upstream: '127.0.0.1:3000', certificate: 'baeckerei-sonnenschein-2026', directives: [['gzip', 'on']] }],
    loadbalancer: [{ names: ['filialen.baeckerei-sonnenschein.example'], root: 'lb', backend: 'upstream', upstream: '10.31.0.21:80', certificate: 'baeckerei-sonnenschein-2026' }],
  },
  '20032': {
    web: [
      {
        names: ['bestellen.baeckerei-sonnenschein.example'],
        root: 'bestellportal/public',
        backend: 'php',
        php: '8.4',
        certificate: 'baeckerei-sonnenschein-2026',
        directives: [['client_max_body_size', '16m'], ...security],
        redirects: [['/bestellung', '/', 301]],
      },
    ],
    loadbalancer: [],
  },
};

/** The demo domains for a server, by its cluster (`web01.c20011.…`) and role. */
export function demoVhostsFor(server: { name: string; role: string }): DemoVhost[] {
  const cluster = /\.c(\d+)\./.exec(server.name)?.[1];
  const set = cluster ? byCluster[cluster] : undefined;
  if (!set) return [];
  return server.role === 'loadbalancer' ? set.loadbalancer : server.role === 'web' ? set.web : [];
}

/** Stores the demo domains of a server unless it has domains already. */
export const seedDemoVhosts = (c: StateContext): Promise<void> => seedDemoSites(c, nginx.entities, demoVhostsFor(c.server), demoBasicAuthPassword);
