/**
 * The `nodejs` section through the API: a real portal over its own database, the `local` gateway running the shared
 * private supervisord (Debian's `supervisor`) in the sandbox of the server, the apps run by the machine's own node.
 */
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { Schemas } from '@portal/openapi';
import type { ApiOperations } from '../generated/operations.ts';
import { appPaths } from './program.ts';
import { instanceService } from './render.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
}, 60_000);
afterAll(() => t?.stop());

const gw = () => t.portal.managed.gateway(t.server.id);
const app = (over: Partial<Schemas['NodejsAppInput']> = {}): Schemas['NodejsAppInput'] => ({
  name: 'hello',
  nodeVersion: '20',
  script: 'server.js',
  port: 3500,
  instances: 2,
  environment: 'GREETING=hi there\nAPI_KEY=top-secret-value',
  ...over,
});
/** A release: a tiny HTTP server answering its name, the greeting from the environment and its instance. */
const upload = (release: string, body?: string) =>
  gw().writeFile({
    path: `${appPaths('hello').releases}/${release}/server.js`,
    content:
      body ??
      `require('node:http').createServer((q, s) => s.end(\`${release} \${process.env.GREETING} \${process.env.NODE_APP_INSTANCE}\`)).listen(Number(process.env.PORT), process.env.HOST);\n`,
  });
/** What instance i answers, through the gateway. */
async function answer(instance: number, timeoutMs = 15_000): Promise<string> {
  const target = await gw().reach(await gw().listenAddress(instanceService('hello', instance), 3500 + instance));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await (await fetch(`http://${target.host}:${target.port}/`)).text();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

const supervisor = hasProgram('supervisord') ? describe : describe.skip;

supervisor('nodejs (private supervisord, real node)', () => {
  let id = 0;
  it('lists the installed Node.js versions (system node 20)', async () => {
    const r = await t.api.call('getNodejsRuntimes');
    expect(r.status).toBe(200);
    expect(r.body.runtimes.map((x) => x.major)).toContain('20');
  });

  it('creates an app, switches to its first release and gets an HTTP answer from each instance; secrets never shown', async () => {
    const created = await t.api.call('createNodejsApp', { body: app() });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    const listed = (await t.api.call('listNodejsApps')).body.data.find((a) => a.name === 'hello')!;
    id = listed.id;
    expect(listed).toMatchObject({ environment: 'GREETING\nAPI_KEY', release: '' });

    await upload('r1');
    const first = await t.api.call('switchNodejsRelease', { path: { appId: id }, body: { release: 'r1' } });
    expect(first.body).toMatchObject({ outcome: 'switched', release: 'r1' });
    expect((await t.waitForJob(first.body.jobId!)).status).toBe('succeeded');
    expect(await answer(0)).toBe('r1 hi there 0');
    expect(await answer(1)).toBe('r1 hi there 1');

    const files = JSON.stringify((await t.api.call('getNodejsFiles')).body);
    expect(files).not.toContain('top-secret-value');
    expect(await gw().readFile('/etc/nodejs/hello.env')).toContain(`API_KEY='top-secret-value'`);
  }, 90_000);

  it('refuses a release that does not parse (node --check) and keeps the running one; switches and rolls back with a health check', async () => {
    await upload('r2', 'require("node:http").createServer((q, s) => s.end("r2").listen(\n');
    const broken = await t.api.call('switchNodejsRelease', { path: { appId: id }, body: { release: 'r2' } });
    expect(broken.body).toMatchObject({ outcome: 'refused', release: 'r1' });
    expect(broken.body.output).toMatch(/SyntaxError/);
    await upload('r3', 'setTimeout(() => {}, 60_000);\n'); // parses, but never answers
    const silent = await t.api.call('switchNodejsRelease', { path: { appId: id }, body: { release: 'r3' } });
    expect(silent.body).toMatchObject({ outcome: 'refused', release: 'r1' });
    expect(silent.body.output).toMatch(/no HTTP answer/);
    expect(await answer(0)).toBe('r1 hi there 0');

    await upload('r4');
    const next = await t.api.call('switchNodejsRelease', { path: { appId: id }, body: { release: 'r4' } });
    expect(next.body).toMatchObject({ outcome: 'switched', release: 'r4', previousRelease: 'r1', jobId: null });
    expect(await answer(0)).toBe('r4 hi there 0');
    expect(await answer(1)).toBe('r4 hi there 1');

    const back = await t.api.call('rollbackNodejsRelease', { path: { appId: id } });
    expect(back.body).toMatchObject({ outcome: 'switched', release: 'r1', previousRelease: 'r4' });
    expect(await answer(1)).toBe('r1 hi there 1');
    const releases = (await t.api.call('listNodejsReleases', { path: { appId: id } })).body.releases;
    expect(releases.find((r) => r.current)?.name).toBe('r1');
    expect(releases.find((r) => r.previous)?.name).toBe('r4');

    const log = await t.api.call('getNodejsAppLog', { path: { appId: id }, query: { instance: 0 } });
    expect(log.status).toBe(200);
    const status = (await t.api.call('getNodejsStatus')).body.processes.filter((p) => p.app === 'hello');
    expect(status.map((p) => p.state)).toEqual(['RUNNING', 'RUNNING']);
  }, 120_000);

  it('refuses a port out of range and an overlapping port with field errors; nothing is stored', async () => {
    const out = await t.api.call('createNodejsApp', { body: app({ name: 'other', port: 70_000 }) });
    expect(out.status).toBe(422);
    const taken = await t.api.call('createNodejsApp', { body: app({ name: 'other', port: 3501 }) });
    expect(taken.status).toBe(422);
    expect(taken.body.error?.fields).toEqual({ port: ['nodejs:errors.port_taken'] });
    const version = await t.api.call('createNodejsApp', { body: app({ name: 'other', port: 3600, nodeVersion: '9' }) });
    expect(version.body.error?.fields).toEqual({ nodeVersion: ['nodejs:errors.version_missing'] });
    expect((await t.api.call('listNodejsApps')).body.data.some((a) => a.name === 'other')).toBe(false);
  }, 30_000);
});

// R6.004 for every operation of the section (also the bundler's apply and files): 401, 404, 403, a token
// for another cluster, and a server without the service.
describeAccessMatrix(() => t, {
  createNodejsApp: { body: app({ name: 'access-matrix', port: 3900 }) },
  updateNodejsApp: { body: app({ name: 'access-matrix', port: 3900 }) },
  controlNodejsApp: { body: { action: 'restart' } },
  switchNodejsRelease: { body: { release: 'r1' } },
});
