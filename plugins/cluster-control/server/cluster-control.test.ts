/**
 * Cluster control through the real portal (every plugin loaded, so the gateway knows their program descriptors)
 * and the real private memcached of db01.c20011's sandbox: list, start → running process, stop → its process gone,
 * start again, a restart refused by memcached's configuration test, history and audit log, and the authorization
 * of every operation (`describeAccessMatrix`, R6.004).
 */
import { describeAccessMatrix, hasProgram, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'), {
    allPlugins: true,
    cluster: '20011',
    server: (s) => s.name.startsWith('db01'),
  });
}, 120_000);
afterAll(async () => {
  await t?.portal.managed.gateway(t.server.id).service('memcached').stop();
  await t?.stop();
});

describeAccessMatrix(() => t, { runClusterControlAction: { path: { service: 'cronjobs' }, body: { action: 'reload' } } });

const memcachedConf = '/etc/memcached.conf';
const pidFile = '/run/memcached/memcached.pid';
const gateway = () => t.portal.managed.gateway(t.server.id);
const alive = async (): Promise<boolean> => {
  const pid = Number((await gateway().readFile(pidFile))?.trim());
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const act = (action: 'start' | 'stop' | 'restart' | 'reload', service = 'memcached') =>
  t.api.call('runClusterControlAction', { path: { service }, body: { action } });
const stateOf = async (id: string) => (await t.api.call('listClusterControlServices')).body.data.find((s) => s.id === id);

it('R2.026 lists every server of the cluster with its services, and their states from the program descriptors', async () => {
  const servers = await t.api.call('listClusterControlServers');
  expect(servers.status).toBe(200);
  const names = servers.body.data.map((s) => s.name.split('.')[0]);
  expect(names).toEqual(expect.arrayContaining(['db01', 'lb01', 'web01']));
  expect(servers.body.data.find((s) => s.id === t.server.id)?.services).toEqual(expect.arrayContaining(['mysql', 'redis', 'memcached']));
  expect(servers.body.data.every((s) => !s.services.includes('cluster-control'))).toBe(true);
  const services = await t.api.call('listClusterControlServices');
  expect(services.body.data.find((s) => s.id === 'redis')).toMatchObject({ database: true });
  expect(services.body.data.find((s) => s.id === 'memcached')).toMatchObject({
    database: false,
    state: expect.stringMatching(/^(stopped|running)$/),
  });
});

(hasProgram('memcached') ? it : it.skip)(
  'R2.026 starts, stops and restarts the private memcached; a failed configuration test refuses the restart; all in history and audit log',
  async () => {
    const { port } = await gateway().listenAddress('memcached', 11211);
    expect(port).not.toBe(11211);
    await gateway().writeFile({ path: memcachedConf, content: `-u memcache\n-m 16\n-p ${port}\n-U 0\n-l 127.0.0.1\n` });

    const started = await act('start');
    expect(started.body).toMatchObject({
      outcome: 'succeeded',
      state: 'running',
      action: 'start',
      service: 'memcached',
      userEmail: 'admin@demo.example',
    });
    expect(started.body.output).toContain('configuration test: passed');
    expect(await alive()).toBe(true);
    expect(await stateOf('memcached')).toMatchObject({ state: 'running', endpoint: { port } });

    const stopped = await act('stop');
    expect(stopped.body).toMatchObject({ outcome: 'succeeded', state: 'stopped' });
    expect(await alive()).toBe(false);
    expect((await stateOf('memcached'))?.state).toBe('stopped');

    expect((await act('start')).body).toMatchObject({ outcome: 'succeeded', state: 'running' });
    expect(await alive()).toBe(true);

    // memcached refuses 0 threads: the restart is refused with its output, the running instance stays.
    await gateway().writeFile({ path: memcachedConf, content: `-u memcache\n-m 16\n-p ${port}\n-U 0\n-l 127.0.0.1\n-t 0\n` });
    const refused = await act('restart');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ outcome: 'refused', state: 'running' });
    expect(refused.body.output).toMatch(/configuration test: failed\n\S/);
    expect(await alive()).toBe(true);

    const history = (await t.api.call('listClusterControlHistory')).body.data;
    expect(history.slice(0, 4).map((h) => [h.action, h.outcome])).toEqual([
      ['restart', 'refused'],
      ['start', 'succeeded'],
      ['stop', 'succeeded'],
      ['start', 'succeeded'],
    ]);
    const audit = (await t.portal.db.orm.em
      .fork()
      .getConnection()
      .execute(`select action, details from audit_log where action like 'managed.cluster-control.%' order by id desc limit 4`)) as {
      action: string;
      details: { service: string; outcome: string };
    }[];
    expect(audit.map((a) => [a.action, a.details.service, a.details.outcome])).toEqual([
      ['managed.cluster-control.service.restart', 'memcached', 'refused'],
      ['managed.cluster-control.service.start', 'memcached', 'succeeded'],
      ['managed.cluster-control.service.stop', 'memcached', 'succeeded'],
      ['managed.cluster-control.service.start', 'memcached', 'succeeded'],
    ]);
  },
  60_000,
);

it('a service the server does not run is 404; an unknown action is 422', async () => {
  expect((await act('reload', 'nginx')).status).toBe(404);
  const bad = await t.api.call('runClusterControlAction', { path: { service: 'memcached' }, body: { action: 'kill' as 'stop' } });
  expect(bad.status).toBe(422);
});
