/**
 * The rendered configuration passes `nginx -t` — every demo server's domains and a domain that uses
 * every feature with the most awkward values the rules allow. Runs the real nginx of the machine
 * through the `local` gateway (CI installs nginx-light); without nginx it says so and checks nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalGateway } from '@portal/plugin-sdk/testing';
import { generateCertificates, prepareNginx, renderNginx } from './config.ts';
import { demoVhostsFor } from './fixtures.ts';
import { certificatesOf } from '../shared/options.ts';
import { hashPassword } from '@portal/plugin-sdk/webserver';
import { nginxProgram } from './program.ts';
import { checkAuthentication, checkRedirect, checkVhost, nginx as nginxFamily, normalizeVhost } from './dialect.ts';

const nginxRules = nginxFamily.rules;
import type { NginxState } from './state.ts';
import { buildAuthentication, buildRedirect, buildVhost, demoSiteStates } from '@portal/plugin-sdk/webserver';

let dir: string;
let nginx = false;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-check-'));
  fs.chmodSync(dir, 0o755); // nginx's workers may run as another user
  nginx = (await new LocalGateway({ baseDir: dir, serverId: 1 }).hasTool('nginx')).available;
  if (!nginx) console.warn('nginx is not installed: the rendered configuration is not checked with nginx -t here (CI installs nginx-light).');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let nextServer = 1;

/** Renders a state (prepare, then the pure render, as an apply does) into a sandbox of its own and runs `nginx -t` on it through the plugin's descriptor. */
async function check(state: NginxState, customer: number): Promise<{ status: string; output?: string }> {
  const gw = new LocalGateway({ baseDir: dir, serverId: nextServer++, programs: [nginxProgram] });
  await generateCertificates(gw, customer, state.vhosts.flatMap((v) => (v.certificate ? [v.certificate] : [])));
  const prepared = await prepareNginx(gw, customer, state, { generate: false });
  for (const f of renderNginx(state, prepared, (p) => gw.hostPath(p))) await gw.writeFile(f);
  return gw.service('nginx').validate();
}

const demoServers = ['20011', '20012', '20021', '20022', '20031', '20032'].flatMap((cluster) =>
  (['web', 'loadbalancer'] as const).map((role) => ({ name: `${role === 'web' ? 'web01' : 'lb01'}.c${cluster}.managed-hosting.example`, role, customer: 10000 + Number(cluster[3]) })),
);

describe('the rendered configuration passes nginx -t', () => {
  it.each(demoServers)('R2.030 demo domains of $name', async (server) => {
    const hash = hashPassword('Vorschau-2026!');
    const vhosts = demoSiteStates(demoVhostsFor(server), hash);
    for (const v of vhosts) {
      expect(checkVhost(normalizeVhost(v), vhosts, v.id, certificatesOf(server.customer).map((c) => c.id))).toEqual({});
      for (const r of v.redirects) expect(checkRedirect({ vhostId: v.id, ...r }, vhosts, r.id)).toEqual({});
    }
    if (!nginx) return;
    const result = await check({ vhosts }, server.customer);
    expect([result.status, result.output]).toEqual(['passed', expect.stringContaining('syntax is ok')]);
  });

  it('R2.030 a domain using every feature with awkward but allowed values', async () => {
    const hash = hashPassword('ein langes Passwort');
    const state: NginxState = {
      vhosts: [
        buildVhost({
          id: 1,
          serverNames: ['shop.example.com', '*.shop.example.com', 'xn--bcher-kva.example'],
          documentRoot: 'shop-1/public_html.v2',
          certificate: 'mueller-schmidt-shop-2026',
          directives: [
            { name: 'client_max_body_size', value: '512M' },
            { name: 'client_body_timeout', value: '90s' },
            { name: 'keepalive_timeout', value: '75' },
            { name: 'send_timeout', value: '1m' },
            { name: 'fastcgi_read_timeout', value: '300s' },
            { name: 'proxy_read_timeout', value: '2h' },
            { name: 'gzip', value: 'on' },
            { name: 'gzip_types', value: 'text/css application/javascript image/svg+xml application/vnd.ms-fontobject' },
            { name: 'autoindex', value: 'off' },
            { name: 'server_tokens', value: 'off' },
            { name: 'charset', value: 'utf-8' },
            { name: 'index', value: 'index.php index.html' },
            { name: 'expires', value: '-1' },
            { name: 'limit_rate', value: '512k' },
            { name: 'add_header', value: "Content-Security-Policy default-src 'self'; img-src * data:; script-src 'self' 'unsafe-inline'" },
            { name: 'add_header', value: 'Strict-Transport-Security max-age=31536000; includeSubDomains; preload' },
            { name: 'add_header', value: 'X-Robots-Tag noindex, nofollow' },
          ],
          redirects: [
            buildRedirect({ id: 1, source: '/über-uns', target: '/ueber-uns?ref=alt&x=1#team', code: 301 }),
            buildRedirect({ id: 2, source: '/a+b=c,d:e@f!g*h~i', target: 'https://other.example.org:8443/path(1)?q=%20', code: 308 }),
            buildRedirect({ id: 3, source: '/', target: '/start', code: 302 }),
          ],
          authentications: [
            buildAuthentication({ id: 1, path: '/admin/', realm: 'Admin (intern): Zugang/Team-1', users: [{ name: 'a.b@c-d_e', hash }] }),
            buildAuthentication({ id: 2, path: '/private', realm: 'Privat', users: [{ name: 'x', hash }] }),
          ],
        }),
        buildVhost({ id: 2, serverNames: ['api.example.com'], backend: 'upstream', phpVersion: null, upstream: '[::1]:9000', authentications: [buildAuthentication({ id: 3, path: '/', users: [{ name: 'api', hash }] })] }),
        buildVhost({ id: 3, serverNames: ['static.example.com'], backend: 'static', phpVersion: null, certificate: 'wildcard-mueller-schmidt-2026' }),
      ],
    };
    // The rules accept all of it (these are values a user can store).
    for (const v of state.vhosts) {
      expect(checkVhost(normalizeVhost(v), state.vhosts, v.id, certificatesOf(10001).map((c) => c.id))).toEqual({});
      for (const r of v.redirects) expect(checkRedirect({ vhostId: v.id, ...r }, state.vhosts, r.id)).toEqual({});
      for (const a of v.authentications) expect(checkAuthentication({ vhostId: v.id, path: a.path, realm: a.realm, users: a.users.map((u) => ({ name: u.name })) }, state.vhosts, a.id, a.users.map((u) => u.name))).toEqual({});
    }
    if (!nginx) return;
    const result = await check(state, 10001);
    expect([result.status, result.output]).toEqual(['passed', expect.stringContaining('syntax is ok')]);
  });

  it('R2.030 proxy locations: balanced with websocket, one upstream without, the root, below and above an authentication (HTTP and HTTPS)', async () => {
    const hash = hashPassword('ein langes Passwort');
    const proxy = (key: string, path: string, upstreams: string[], websocket = true) => ({ key, path, upstreams, websocket, timeoutSeconds: 120 });
    const state: NginxState = {
      vhosts: [
        buildVhost({
          id: 1,
          certificate: 'mueller-schmidt-shop-2026',
          authentications: [buildAuthentication({ id: 1, path: '/app', users: [{ name: 'a', hash }] }), buildAuthentication({ id: 2, path: '/api/admin/', users: [{ name: 'b', hash }] })],
          proxyLocations: [proxy('nodejs-app', '/app/', ['127.0.0.1:3000', '127.0.0.1:3001']), proxy('nodejs-api', '/api/', ['[::1]:4000'], false)],
        }),
        buildVhost({ id: 2, serverNames: ['node.example.com'], backend: 'static', phpVersion: null, proxyLocations: [proxy('nodejs-root', '/', ['127.0.0.1:5000'])] }),
      ],
    };
    const { renderVhost } = await import('./render.ts');
    const env = { hostPath: (p: string) => p, listen: { host: '127.0.0.1', port: 80 }, tlsListen: { host: '127.0.0.1', port: 443 }, certificates: new Set<string>() };
    const site = renderVhost(state.vhosts[0], env);
    // The authentication of /app protects the proxy location below it; /api/admin/ is proxied behind its password.
    expect(site).toMatch(/location \^~ "\/app\/" \{\n\s+auth_basic "Admin area";[\s\S]*?proxy_pass http:\/\/portal_proxy_nodejs_app\/;/);
    expect(site).toMatch(/location \^~ "\/api\/admin\/" \{\n\s+auth_basic[\s\S]*?proxy_pass http:\/\/portal_proxy_nodejs_api\/;/);
    expect(renderVhost(state.vhosts[1], env)).toMatch(/location \/ \{\n\s+proxy_pass http:\/\/portal_proxy_nodejs_root\/;/);
    for (const v of state.vhosts) for (const p of v.proxyLocations) expect(nginxRules.checkProxyLocation(p.key, { vhostId: v.id, ...p }, state.vhosts)).toEqual({});
    if (!nginx) return;
    const result = await check(state, 10001);
    expect([result.status, result.output]).toEqual(['passed', expect.stringContaining('syntax is ok')]);
  });
});
