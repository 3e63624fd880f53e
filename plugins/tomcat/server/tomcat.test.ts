/**
 * The `tomcat` module through the real portal (`startPluginPortal`) and a real private Tomcat (Debian's tomcat10,
 * started once for this file, stopped with the portal): settings stored, checked by `catalina.sh configtest`,
 * applied with a restart; a web application deployed from a directory on the server and read over HTTP, undeployed
 * again; a JVM option the JVM refuses fails the apply with its output and changes nothing; 422 with nothing stored.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { catalinaHome, serverXmlPath, setenvPath } from './program.ts';

const tomcat = hasProgram(`${catalinaHome}/bin/catalina.sh`) && hasProgram('java', ['-version']);
const maybe = tomcat ? it : it.skip;
const slow = 240_000;

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const defaults = defaultsOf(config);
/** Small heap: the JVM starts several times in this file. */
const small = { ...defaults, heapMinMb: 32, heapMaxMb: 96, jvmOptions: '-XX:+UseSerialGC -XX:TieredStopAtLevel=1' };

/** GET on the private Tomcat's connector, retried while it starts (status and body; 0 without an answer). */
async function get(path: string, until: (status: number) => boolean, ms = 60_000): Promise<{ status: number; body: string }> {
  let last = { status: 0, body: '' };
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    const instance = (await t.api.call('getTomcatInstance')).body;
    if (instance.port) {
      try {
        const r = await fetch(`http://127.0.0.1:${instance.port}${path}`, { signal: AbortSignal.timeout(3000) });
        last = { status: r.status, body: await r.text() };
        if (until(last.status)) return last;
      } catch {
        /* starting */
      }
    }
  }
  return last;
}

maybe('tomcat: defaults, settings applied after configtest, the instance runs with them; a refused JVM option changes nothing', async () => {
  expect((await t.api.call('getTomcatSettings')).body).toEqual({ settings: { ...defaults, heapMinMb: 128, heapMaxMb: 512 } }); // the demo server's
  const r = await t.api.call('updateTomcatSettings', { body: { ...small, maxThreads: 25 } });
  expect(r.status).toBe(202);
  const job = await t.waitForJob(r.body.id);
  expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed' } });
  expect(await t.file(serverXmlPath)).toContain('maxThreads="25"');
  expect(await t.file(setenvPath)).toContain('-Xmx96m');
  const instance = (await t.api.call('getTomcatInstance')).body;
  expect(instance).toMatchObject({ running: true, port: expect.any(Number) });
  // The demo application's WAR does not exist on this server: its context does not answer 200.
  expect(instance.applications).toHaveLength(1);
  expect(instance.applications[0]).toMatchObject({ name: 'shop', path: '/shop/' });
  expect(instance.applications[0]!.status).not.toBe(200);
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'sdk:config.changed' } });

  // An option of an allowed shape that the JVM does not know: configtest fails, the job shows the JVM's words.
  const before = [await t.file(serverXmlPath), await t.file(setenvPath)];
  const bad = await t.api.call('updateTomcatSettings', { body: { ...small, maxThreads: 30, jvmOptions: '-XX:+NoSuchPortalOption' } });
  const failed = await t.waitForJob(bad.body.id);
  expect(failed).toMatchObject({ status: 'failed', validation: { status: 'failed' } });
  expect(JSON.stringify(failed.validation)).toMatch(/Unrecognized VM option 'NoSuchPortalOption'/);
  expect([await t.file(serverXmlPath), await t.file(setenvPath)]).toEqual(before);
  expect((await t.api.call('getTomcatSettings')).body.settings).toMatchObject({ maxThreads: 25 });
}, slow);

maybe('tomcat: deploy a web application from a directory on the server, read it over HTTP, undeploy it, roll back', async () => {
  const gateway = t.portal.managed.gateway(t.server.id);
  await gateway.writeFile({ path: '/srv/apps/hello/index.html', content: '<!doctype html><title>hi</title><p>Hello from Tomcat</p>\n' });
  const created = await t.api.call('createTomcatApplication', { body: { name: 'hello', source: '/srv/apps/hello' } });
  expect(created.status).toBe(202);
  expect(await t.waitForJob(created.body.id)).toMatchObject({ status: 'succeeded' });
  const page = await get('/hello/', (s) => s === 200);
  expect(page).toMatchObject({ status: 200, body: expect.stringContaining('Hello from Tomcat') });
  expect((await t.api.call('getTomcatInstance')).body.applications).toContainEqual({ name: 'hello', path: '/hello/', status: 200 });
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'tomcat:changes.deployed', values: { name: 'hello', source: '/srv/apps/hello' } } });

  const list = (await t.api.call('listTomcatApplications')).body;
  const hello = list.data.find((a) => a.name === 'hello')!;
  const removed = await t.api.call('deleteTomcatApplication', { path: { applicationId: hello.id } });
  expect(await t.waitForJob(removed.body.id)).toMatchObject({ status: 'succeeded' });
  expect((await get('/hello/', (s) => s === 404)).status).toBe(404);

  // Undo the undeploy: the application is served again.
  await t.applied('POST', `${t.base()}/managed/plugins/tomcat/rollback`);
  expect((await t.api.call('listTomcatApplications')).body.data.map((a) => a.name)).toContain('hello');
  expect((await get('/hello/', (s) => s === 200)).body).toContain('Hello from Tomcat');
}, slow);

it('tomcat: values outside the contract or the rules are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getTomcatSettings')).body;
  for (const body of [
    { ...defaults, heapMinMb: 1024, heapMaxMb: 512 },
    { ...defaults, jvmOptions: '-XX:+UseG1GC; rm -rf /' },
    { ...defaults, jvmOptions: '-Xmx4g' },
    { ...defaults, maxThreads: 0 },
  ]) {
    const r = await t.api.call('updateTomcatSettings', { body });
    expect([r.status, JSON.stringify(r.body)]).toEqual([422, expect.stringMatching(/heapMinMb|jvmOptions|maxThreads/)]);
  }
  expect((await t.api.call('getTomcatSettings')).body).toEqual(stored);
  const apps = (await t.api.call('listTomcatApplications')).body.total;
  for (const body of [
    { name: 'x', source: '/etc/tomcat10' },
    { name: 'shop', source: '/srv/apps/other.war' },
    { name: 'Bad Name', source: '/srv/a.war' },
  ]) expect((await t.api.call('createTomcatApplication', { body })).status).toBe(422);
  expect((await t.api.call('listTomcatApplications')).body.total).toBe(apps);
});
