/**
 * The rendered configuration checked by the real apache (`apache2 -t` on the staged copy, the descriptor's check):
 * every demo server's sites, HTTPS with a self-signed certificate, and a customer slot apache refuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasProgram, LocalGateway } from '@portal/plugin-sdk/testing';
import { buildAuthentication, buildVhost, demoSiteStates, type WebServerState } from '@portal/plugin-sdk/webserver';
import { prepareApache, renderApache } from './config.ts';
import { demoSitesFor } from './fixtures.ts';
import { apacheProgram, checkStaged, stageDir } from './program.ts';

let dir: string;
let nextServer = 1;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apache-check-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Renders a state (prepare with certificates, then the pure render, as an apply does) into a sandbox of its own and checks it. */
async function check(state: WebServerState, customer = 10001, slot?: string) {
  const gw = new LocalGateway({ baseDir: dir, serverId: nextServer++, programs: [apacheProgram] });
  const prepared = await prepareApache(gw, customer, state, { generate: true });
  const files = renderApache(state, prepared, (p) => gw.hostPath(p));
  for (const f of files) await gw.writeFile(f);
  if (slot) {
    const file = gw.hostPath(`/etc/apache2/portal-slots/${state.vhosts[0].serverNames[0]}/server-end.conf`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, slot);
  }
  const outcome = await checkStaged(gw, files);
  // The stage is removed after the check.
  expect(await gw.listFiles(`${stageDir}/etc/apache2/portal/sites`)).toEqual([]);
  return outcome;
}

const demoState = (name: string): WebServerState => ({ vhosts: demoSiteStates(demoSitesFor({ name, role: 'web' }), buildAuthentication().users[0].hash) });

(hasProgram('apache2') ? describe : describe.skip)('apache2 -t on the staged copy', () => {
  it.each(['web01.c20011.managed-hosting.example', 'web01.c42.managed-hosting.example'])('accepts the demo sites of %s (HTTPS with a self-signed certificate)', async (name) => {
    const outcome = await check(demoState(name));
    expect(outcome).toMatchObject({ status: 'passed', tool: 'apache2' });
  }, 60_000);

  it('accepts every whitelisted directive with its example value, an upstream and a protected root', async () => {
    const { directiveSpecs } = await import('../shared/options.ts');
    const directives = Object.entries(directiveSpecs).map(([n, spec]) => ({ name: n, value: spec.example }));
    const outcome = await check({ vhosts: [buildVhost({ backend: 'upstream', phpVersion: null, upstream: '10.0.0.5:8080', directives, authentications: [buildAuthentication({ path: '/' })] })] });
    expect(outcome).toMatchObject({ status: 'passed' });
  }, 60_000);

  it('accepts proxy locations: a balancer with websocket upgrades, one upstream, the root, on HTTP and HTTPS', async () => {
    const proxy = (key: string, p: string, upstreams: string[], websocket = true) => ({ key, path: p, upstreams, websocket, timeoutSeconds: 90 });
    const state: WebServerState = {
      vhosts: [
        buildVhost({
          certificate: 'mueller-schmidt-shop-2026',
          authentications: [buildAuthentication({ path: '/app' })],
          proxyLocations: [proxy('nodejs-app', '/app/', ['127.0.0.1:3000', '127.0.0.1:3001']), proxy('nodejs-api', '/api/', ['[::1]:4000'], false)],
        }),
        buildVhost({ id: 2, serverNames: ['node.example.com'], backend: 'static', phpVersion: null, proxyLocations: [proxy('nodejs-root', '/', ['127.0.0.1:5000'])] }),
      ],
    };
    const outcome = await check(state);
    expect(outcome).toMatchObject({ status: 'passed' });
  }, 60_000);

  it('refuses a customer slot apache does not understand, naming the live file', async () => {
    const outcome = await check({ vhosts: [buildVhost({ serverNames: ['slot.example.com'] })] }, 10001, 'NoSuchDirective on\n');
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toContain('NoSuchDirective');
    expect(outcome.output).not.toContain(stageDir);
  }, 60_000);
});
