/**
 * The `tomcat` module through the real portal (`startPluginPortal`) and real private Tomcats (Debian's tomcat10, one
 * portal for the whole file, every JVM stopped with it): two instances on two ports, an application deployed in each
 * and read over HTTP from its own instance; a change of one instance checked by `catalina.sh configtest` and
 * restarting only that instance (the other's pid unchanged); a JVM option the JVM refuses fails configtest and the
 * last version stays served; a duplicate port refused (422); a rollback restarting the instance with its last
 * files; a removed instance stopped. The JVM starts are slow: small heaps, and as few applies as the claims need.
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { pidOf, serverXmlOf, setenvOf } from './program.ts';

const tomcat = hasProgram('/usr/share/tomcat10/bin/catalina.sh') && hasProgram('java', ['-version']);
const maybe = tomcat ? it : it.skip;

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const defaults = defaultsOf(config);
/** Small heap, quick JIT: the JVM starts several times in this file. */
const small = { heapMinMb: 32, heapMaxMb: 96, jvmOptions: '-XX:+UseSerialGC -XX:TieredStopAtLevel=1', maxThreads: 25, connectionTimeoutMs: 20000 };

/** A job's end (a restart of a JVM can take longer than the SDK's short wait). */
async function settled(jobId: number) {
  for (;;) {
    try {
      return await t.waitForJob(jobId);
    } catch (e) {
      if (!/did not finish/.test(String(e))) throw e;
    }
  }
}

const status = async () => (await t.api.call('getTomcatStatus')).body.instances;
const instanceNamed = async (name: string) => (await t.api.call('listTomcatInstances')).body.data.find((i) => i.name === name)!;

/** GET on an instance's own connector, retried while it starts (status and body; 0 without an answer). */
async function get(instance: string, path: string, until: (status: number) => boolean, ms = 60_000): Promise<{ status: number; body: string }> {
  let last = { status: 0, body: '' };
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    const port = (await status()).find((i) => i.name === instance)?.listenPort;
    if (port) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) });
        last = { status: r.status, body: await r.text() };
        if (until(last.status)) return last;
      } catch {
        /* starting */
      }
    }
  }
  return last;
}

maybe(
  'R2.029 tomcat: two instances on two ports each serve their own application; a change restarts only its instance; configtest refuses a JVM option and the last version stays served; rollback; a removed instance stops',
  async () => {
    const gateway = t.portal.managed.gateway(t.server.id);
    for (const name of ['one', 'two'])
      await gateway.writeFile({ path: `/srv/apps/${name}/index.html`, content: `<!doctype html><title>${name}</title><p>Hello from ${name}</p>\n` });
    // The demo server's `default` instance (8080, with the demo application) and a second one on 8081, an application in each.
    const def = await instanceNamed('default');
    expect(def).toMatchObject({ port: 8080, heapMaxMb: 512 });
    // One after the other: a change stored while a job prepares joins that job with the ports it looked up before
    // (the family's prepare runs before its transaction; see docs/decisions.md).
    for (const send of [
      () => t.api.call('updateTomcatInstance', { path: { instanceId: def.id }, body: { name: 'default', port: 8080, ...small } }),
      () => t.api.call('createTomcatInstance', { body: { name: 'second', port: 8081, ...small } }),
      () => t.api.call('createTomcatApplication', { body: { name: 'hello', source: '/srv/apps/one', instance: 'default' } }),
      () => t.api.call('createTomcatApplication', { body: { name: 'hello', source: '/srv/apps/two', instance: 'second' } }),
    ]) {
      const r = await send();
      expect(r.status).toBe(202);
      expect(await settled(r.body.id)).toMatchObject({ status: 'succeeded' });
    }
    expect(await get('default', '/hello/', (s) => s === 200)).toMatchObject({ status: 200, body: expect.stringContaining('Hello from one') });
    expect(await get('second', '/hello/', (s) => s === 200)).toMatchObject({ status: 200, body: expect.stringContaining('Hello from two') });
    const running = await status();
    expect(running.map((i) => [i.name, i.running, i.port, i.heapMaxMb, i.current])).toEqual([
      ['default', true, 8080, 96, true],
      ['second', true, 8081, 96, true],
    ]);
    expect(running[0]!.listenPort).not.toBe(running[1]!.listenPort);
    expect(running[1]!.applications).toEqual([{ name: 'hello', path: '/hello/', status: 200 }]);
    expect(await t.file(serverXmlOf('second'))).toContain('maxThreads="25"');

    // A change of `second`: configtest, then only `second` restarts — `default` keeps its JVM.
    const pids = async () => [await t.file(pidOf(1)), await t.file(pidOf(2))];
    const [defaultPid, secondPid] = await pids();
    const second = await instanceNamed('second');
    const changed = await t.api.call('updateTomcatInstance', { path: { instanceId: second.id }, body: { name: 'second', port: 8081, ...small, maxThreads: 30 } });
    const job = await settled(changed.body.id);
    expect(job).toMatchObject({ status: 'succeeded', validation: { status: 'passed' } });
    expect(job.validation?.output).toContain('instance second: configtest passed');
    expect(job.validation?.output).not.toContain('instance default');
    const [defaultAfter, secondAfter] = await pids();
    expect(defaultAfter).toBe(defaultPid);
    expect(secondAfter).not.toBe(secondPid);
    expect(await t.file(serverXmlOf('second'))).toContain('maxThreads="30"');
    expect((await get('second', '/hello/', (s) => s === 200)).body).toContain('Hello from two');
    expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'tomcat:changes.instanceUpdated', values: { name: 'second', port: 8081 } } });

    // An option of an allowed shape that the JVM does not know: configtest of `second` fails with the JVM's words,
    // its files are put back and its running JVM keeps serving.
    const before = [await t.file(serverXmlOf('second')), await t.file(setenvOf('second'))];
    const bad = await t.api.call('updateTomcatInstance', { path: { instanceId: second.id }, body: { name: 'second', port: 8081, ...small, maxThreads: 40, jvmOptions: '-XX:+NoSuchPortalOption' } });
    const failed = await settled(bad.body.id);
    expect(failed).toMatchObject({ status: 'failed', validation: { status: 'failed' } });
    expect(failed.validation?.output).toMatch(/instance second:[\s\S]*Unrecognized VM option 'NoSuchPortalOption'/);
    expect([await t.file(serverXmlOf('second')), await t.file(setenvOf('second'))]).toEqual(before);
    expect(await instanceNamed('second')).toMatchObject({ maxThreads: 30, jvmOptions: small.jvmOptions });
    expect(await pids()).toEqual([defaultPid, secondAfter]);
    expect((await get('second', '/hello/', (s) => s === 200)).body).toContain('Hello from two');

    // A port another instance uses: 422 on the field, nothing stored.
    const taken = await t.api.call('createTomcatInstance', { body: { name: 'third', port: 8081, ...small } });
    expect([taken.status, JSON.stringify(taken.body)]).toEqual([422, expect.stringContaining('tomcat:errors.port_taken')]);
    const moved = await t.api.call('updateTomcatInstance', { path: { instanceId: second.id }, body: { name: 'second', port: 8080, ...small } });
    expect([moved.status, JSON.stringify(moved.body)]).toEqual([422, expect.stringContaining('port_taken')]);
    expect((await t.api.call('listTomcatInstances')).body.total).toBe(2);

    // Undo the last applied change (maxThreads 30): `second` restarts with its files before it, `default` keeps running.
    await t.applied('POST', `${t.base()}/managed/plugins/tomcat/rollback`);
    expect(await t.file(serverXmlOf('second'))).toContain('maxThreads="25"');
    expect(await instanceNamed('second')).toMatchObject({ maxThreads: 25 });
    expect(await t.file(pidOf(1))).toBe(defaultPid);
    expect((await get('second', '/hello/', (s) => s === 200)).body).toContain('Hello from two');

    // Removing `second` (with its application) stops its JVM; `default` keeps serving.
    const removed = await t.api.call('deleteTomcatInstance', { path: { instanceId: second.id } });
    expect(await settled(removed.body.id)).toMatchObject({ status: 'succeeded' });
    expect((await status()).map((i) => i.name)).toEqual(['default']);
    expect(await t.portal.managed.gateway(t.server.id).service('tomcat-2').status()).toMatchObject({ state: 'stopped' });
    expect(await t.file(serverXmlOf('second'))).toBeNull();
    expect((await t.api.call('listTomcatApplications')).body.data.map((a) => `${a.instance}/${a.name}`)).toEqual(['default/hello', 'default/shop']);
    expect(await t.file(pidOf(1))).toBe(defaultPid);
    expect((await get('default', '/hello/', (s) => s === 200)).body).toContain('Hello from one');
  },
  420_000,
);

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
  const instances = (await t.api.call('listTomcatInstances')).body.total;
  for (const body of [
    { name: 'Bad', port: 8090, ...small },
    { name: 'x', port: 80, ...small },
    { name: 'x', port: 8090, ...small, heapMinMb: 512, heapMaxMb: 256 },
    { name: 'x', port: 8090, ...small, jvmOptions: '-Dx=$(id)' },
  ])
    expect((await t.api.call('createTomcatInstance', { body })).status).toBe(422);
  expect((await t.api.call('listTomcatInstances')).body.total).toBe(instances);
  const apps = (await t.api.call('listTomcatApplications')).body.total;
  for (const body of [
    { name: 'x', source: '/etc/tomcat10', instance: 'default' },
    { name: 'shop', source: '/srv/apps/other.war', instance: 'default' },
    { name: 'Bad Name', source: '/srv/a.war', instance: 'default' },
    { name: 'x', source: '/srv/a.war', instance: 'nope' },
  ])
    expect((await t.api.call('createTomcatApplication', { body })).status).toBe(422);
  expect((await t.api.call('listTomcatApplications')).body.total).toBe(apps);
});
