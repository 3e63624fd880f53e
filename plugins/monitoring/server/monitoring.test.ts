/**
 * The monitoring section through the API: a real portal over its own database with the demo data
 * and the plugin's fixtures; the `local` gateway measures this machine.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { Cluster, ClusterAdministrator, createTestServer, demoLogins, Server, type TestClient, type TestServer, User } from '@portal/plugin-sdk/testing';
import { stopAllSamplers } from './sampler.ts';


let server: TestServer;
let admin: TestClient;
let manager: TestClient;
let other: TestClient;
let shop: { id: number; servers: { id: number; name: string; role: string; services: string[] }[] };
let staging: { id: number; servers: { id: number; role: string }[] };
let web: number; // web01 of cluster 20011 (demo history)
let lb: number; // its load balancer (runs nginx)

const base = (clusterId: number, serverId: number) => `/api/v1/clusters/${clusterId}/servers/${serverId}`;
const api = (path: string, serverId = web) => `${base(shop.id, serverId)}/monitoring${path}`;

async function signedIn(email: string): Promise<TestClient> {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
}

async function clusterByNumber(c: TestClient, number: string) {
  const list = await c.get(`/api/v1/clusters?search=${number}`);
  const id = list.body.data.find((x: { number: string }) => x.number === number).id as number;
  return (await c.get(`/api/v1/clusters/${id}`)).body;
}

const open = (c: TestClient): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, {
      path: '/a/ws',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
const subscribe = (s: Socket, clusterId: number, serverId: number) =>
  s.emitWithAck('managed:subscribe', { clusterId, serverId }) as Promise<{ ok: boolean; error?: string }>;

beforeAll(async () => {
  // The whole portal: the services' states come from the programs the plugins declare (nginx's descriptor runs nginx).
  server = await createTestServer({}, { clockFixtures: ['monitoring'] });
  admin = await signedIn(demoLogins.admin);
  manager = await signedIn(demoLogins.manager);
  other = await signedIn(demoLogins.other);
  shop = await clusterByNumber(admin, '20011');
  staging = await clusterByNumber(manager, '20012');
  web = shop.servers.find((s) => s.name.startsWith('web01.'))!.id;
  lb = shop.servers.find((s) => s.role === 'loadbalancer')!.id;
}, 120_000);
afterAll(async () => {
  stopAllSamplers();
  await server.stop();
});

describe('monitoring section', () => {
  it('R2.026 the section is listed for a server running the monitoring service', async () => {
    const r = await admin.get(`${base(shop.id, web)}/managed`);
    expect(r.body.sections.map((s: { id: string }) => s.id)).toContain('monitoring');
    expect(r.body.sections.find((s: { id: string }) => s.id === 'monitoring')).toMatchObject({ icon: 'MonitorHeart', status: 'ok' });
  });

  it('R2.026 R7.017 getMonitoringMetrics: each range answers its resolution, densely, from the demo history', async () => {
    for (const [range, resolution, slots] of [
      ['1h', 10, 360],
      ['24h', 60, 1440],
      ['7d', 600, 1008],
    ] as const) {
      const r = await admin.get(api(`/metrics?range=${range}`));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ range, resolutionSeconds: resolution, cpuCount: 8 });
      for (const key of ['cpu', 'load', 'memory', 'disk', 'networkRx', 'networkTx']) {
        expect(r.body[key].avg).toHaveLength(slots);
        expect(r.body[key].max).toHaveLength(slots);
      }
      expect(r.body.filled).toBeGreaterThanOrEqual(slots - 1);
      expect(Date.parse(r.body.end) - Date.parse(r.body.start)).toBe((slots - 1) * resolution * 1000);
      const i = r.body.load.avg.findIndex((v: number | null) => v !== null);
      expect(r.body.load.max[i]).toBeGreaterThanOrEqual(r.body.load.avg[i]);
      expect(r.body.memory.avg[i]).toBeLessThanOrEqual(r.body.memoryTotalBytes);
    }
    expect((await admin.get(api('/metrics'))).body.range).toBe('1h');
  });

  it('R2.026 a range outside 1h/24h/7d is a 422', async () => {
    const r = await admin.get(api('/metrics?range=30d'));
    expect(r.status).toBe(422);
    expect(r.body.error.fields.range).toBeDefined();
  });

  it('R2.026 a demo server outside the demo cluster starts without history ("no data yet")', async () => {
    const em = server.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email: demoLogins.admin });
    if (!(await em.count(ClusterAdministrator, { cluster: staging.id, user })))
      em.create(ClusterAdministrator, { cluster: em.getReference(Cluster, staging.id), user } as ClusterAdministrator);
    await em.flush();
    const r = await admin.get(`${base(staging.id, staging.servers[0].id)}/monitoring/metrics?range=24h`);
    expect(r.status).toBe(200);
    expect(r.body.filled).toBe(0);
    expect(r.body.cpuCount).toBeNull();
    expect(r.body.load.avg.every((v: unknown) => v === null)).toBe(true);
  });

  it('R2.026 watchMonitoring: real figures of this machine now, stored in the history and pushed to the server room', async () => {
    const socket = await open(admin);
    const samples: { at: string; memory: { usedBytes: number } }[] = [];
    socket.on('monitoring.sample', (e: { payload: { at: string; memory: { usedBytes: number } } }) => samples.push(e.payload));
    expect(await subscribe(socket, shop.id, lb)).toEqual({ ok: true });
    try {
      const r = await admin.request('POST', api('/watch', lb));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ intervalSeconds: 10, leaseSeconds: 60 });
      const s = r.body.sample;
      expect(s.cpuCount).toBeGreaterThan(0);
      expect(s.memory.totalBytes).toBeGreaterThan(s.memory.usedBytes);
      expect(s.memory.usedBytes).toBeGreaterThan(0);
      expect(s.disk.totalBytes).toBeGreaterThan(0);
      expect(s.load).toHaveLength(3);
      if (process.platform === 'linux') {
        expect(s.cpuPercent).toBeGreaterThanOrEqual(0);
        expect(s.cpuPercent).toBeLessThanOrEqual(100);
        expect(s.network.rxBytesPerSecond).toBeGreaterThanOrEqual(0);
      }
      // The sample is in the last slot of the hour, and arrived in the room.
      const hour = await admin.get(api('/metrics?range=1h', lb));
      expect(hour.body.memory.avg.at(-1)).toBe(s.memory.usedBytes);
      expect(hour.body.memoryTotalBytes).toBe(s.memory.totalBytes);
      for (let i = 0; i < 50 && !samples.length; i++) await new Promise((res) => setTimeout(res, 20));
      // The first sample pushed is the one answered (on a loaded machine the next 10 s tick may follow it).
      expect(samples[0]).toEqual(s);
      // A second viewer within the interval gets the same sample; nothing is measured twice.
      const again = await admin.request('POST', api('/watch', lb));
      // (Samples belong to 10 s slots: within the slot it is the very same sample; on a loaded machine the
      // next slot's tick may have come in between, never a second measurement of the same slot.)
      if (again.body.sample.at === s.at) expect(again.body.sample).toEqual(s);
      else expect(Date.parse(again.body.sample.at)).toBeGreaterThan(Date.parse(s.at));
    } finally {
      socket.close();
    }
  });

  it('R2.026 listMonitoringServices: every service of the server; those a module runs (nginx, varnish) as the gateway runs them, the others honestly unknown', async () => {
    const r = await admin.get(api('/services', lb));
    expect(r.status).toBe(200);
    expect(r.body.data.map((s: { id: string }) => s.id)).toEqual(shop.servers.find((s) => s.id === lb)!.services);
    for (const id of ['nginx', 'varnish']) expect(['running', 'stopped', 'not_installed']).toContain(r.body.data.find((s: { id: string }) => s.id === id).state);
    expect(r.body.data.find((s: { id: string }) => s.id === 'protection')).toEqual({ id: 'protection', state: 'unknown' });
    expect(Number.isNaN(Date.parse(r.body.checkedAt))).toBe(false);
  });

  it('R2.026 a server without the monitoring service has no monitoring section (404)', async () => {
    const em = server.db.orm.em.fork();
    const db = await em.findOneOrFail(Server, { cluster: shop.id, role: 'database' });
    const services = [...db.services];
    await em.nativeUpdate(Server, { id: db.id }, { services: services.filter((s) => s !== 'monitoring') });
    try {
      for (const [method, path] of [
        ['GET', '/metrics'],
        ['POST', '/watch'],
        ['GET', '/services'],
      ]) {
        const r = await admin.request(method, api(path, db.id));
        // The host answers before the plugin's handler runs, with the one key of every plugin.
        expect([path, r.status, r.body.error.message]).toEqual([path, 404, 'errors.managed_plugin_not_found']);
      }
    } finally {
      await em.nativeUpdate(Server, { id: db.id }, { services });
    }
  });

  describe('authorization', () => {
    const operations = (clusterId: number, serverId: number): [string, string][] => {
      const p = `${base(clusterId, serverId)}/monitoring`;
      return [
        ['GET', `${p}/metrics?range=24h`],
        ['POST', `${p}/watch`],
        ['GET', `${p}/services`],
      ];
    };
    const call = (c: TestClient, [method, url]: [string, string], headers?: Record<string, string>) =>
      c.request(method, url, undefined, headers);

    it('R6.004 anonymous callers get 401 for every operation', async () => {
      for (const op of operations(shop.id, web)) expect([op[1], (await call(server.client(), op)).status]).toEqual([op[1], 401]);
    });

    it('R6.004 the administrator of another cluster gets 404 (the cluster is not visible) and no live samples', async () => {
      const own = await clusterByNumber(other, '20031');
      const em = server.db.orm.em.fork();
      const user = await em.findOneOrFail(User, { email: demoLogins.other });
      if (!(await em.count(ClusterAdministrator, { cluster: own.id, user })))
        em.create(ClusterAdministrator, { cluster: em.getReference(Cluster, own.id), user } as ClusterAdministrator);
      await em.flush();
      const ownServer = own.servers[0].id;
      expect((await other.get(`${base(own.id, ownServer)}/monitoring/services`)).status).toBe(200);
      for (const op of operations(shop.id, web)) {
        const r = await call(other, op);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 404, 'errors.cluster_not_found']);
      }
      const socket = await open(other);
      try {
        expect(await subscribe(socket, shop.id, web)).toEqual({ ok: false, error: 'errors.cluster_not_found' });
      } finally {
        socket.close();
      }
    });

    it('R6.004 a manager of the customer without the administrator role gets 403', async () => {
      const stagingWeb = staging.servers.find((s) => s.role === 'web')!.id;
      for (const op of operations(staging.id, stagingWeb)) {
        const r = await call(manager, op);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.managed_administrators_only']);
      }
    });

    it('R6.004 a personal access token for another cluster is refused; one for this cluster works', async () => {
      // The manager is an administrator of 20011 in the demo data, so only the token's restriction decides.
      const token = async (clusters: number[]) => {
        const r = await manager.request('POST', '/api/v1/me/personal-access-tokens', {
          name: `monitoring ${clusters.join()}`,
          expires: 0,
          expires_at: null,
          abilities: { global: false, clusters },
        });
        expect(r.status).toBe(201);
        return { Authorization: `Bearer ${r.body.plainTextToken}` };
      };
      const forStaging = await token([staging.id]);
      for (const op of operations(shop.id, web)) {
        const r = await call(server.client(), op, forStaging);
        expect([op[1], r.status, r.body.error.message]).toEqual([op[1], 403, 'errors.token_not_allowed']);
      }
      const forShop = await token([shop.id]);
      const allowed = await server.client().request('GET', api('/metrics?range=7d'), undefined, forShop);
      expect([allowed.status, allowed.body.error?.message]).toEqual([200, undefined]);
    });
  });
});
