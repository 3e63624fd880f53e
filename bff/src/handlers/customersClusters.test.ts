import { Cluster } from '@portal/core/clusters';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, type TestClient, type TestServer } from '../testing.ts';

let server: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  server = await createTestServer();
  for (const c of await server.db.orm.em.fork().find(Cluster, {})) ids[c.number] = c.id;
});
afterAll(() => server.stop());

const signedIn = async (email: string): Promise<TestClient> => {
  const c = server.client();
  expect((await c.login(email)).status).toBe(200);
  return c;
};

describe('cluster overview (§2, §3 favourite flag, §4 cluster name, §8)', () => {
  it('R2.082 R3.029 favourites are per user and filter the list', async () => {
    const manager = await signedIn(demoLogins.manager);
    const admin = await signedIn(demoLogins.admin);
    expect((await manager.request('PUT', `/api/v1/clusters/${ids['20012']}/favourite`, { favourite: true })).status).toBe(204);
    const all = (await manager.get('/api/v1/clusters?per_page=100')).body.data;
    expect(all.find((c: { number: string }) => c.number === '20012').favourite).toBe(true);
    expect(all.find((c: { number: string }) => c.number === '20011').favourite).toBe(false);
    expect((await manager.get('/api/v1/clusters?favourites=1')).body.data.map((c: { number: string }) => c.number)).toEqual(['20012']);
    // Another user's favourites are their own; a cluster they cannot see is 404.
    expect((await admin.get('/api/v1/clusters?favourites=1')).body.data).toEqual([]);
    expect((await admin.request('PUT', `/api/v1/clusters/${ids['20012']}/favourite`, { favourite: true })).status).toBe(404);
    expect((await manager.request('PUT', `/api/v1/clusters/${ids['20012']}/favourite`, { favourite: false })).status).toBe(204);
    expect((await manager.get('/api/v1/clusters?favourites=1')).body.data).toEqual([]);
  });

  it('R3.021 R3.022 R3.023 R3.024 a cluster option has id, number and name; a cluster its number, name, description and one of the three architectures', async () => {
    const manager = await signedIn(demoLogins.manager);
    const options = (await manager.get('/api/v1/clusters?active=1&per_page=100')).body.data as Record<string, unknown>[];
    expect(options.map((o) => ({ id: o.id, number: o.number, name: o.name }))).toEqual([
      { id: ids['20011'], number: '20011', name: expect.any(String) },
      { id: ids['20012'], number: '20012', name: 'Onlineshop Staging' },
    ]);
    await manager.request('PATCH', `/api/v1/clusters/${ids['20012']}/details`, { description: 'Staging für Release-Tests' });
    const detail = (await manager.get(`/api/v1/clusters/${ids['20012']}`)).body;
    expect(detail).toMatchObject({ number: '20012', name: 'Onlineshop Staging', description: 'Staging für Release-Tests', architecture: 'web_cluster' });
    const architectures = async (email: string) => {
      const c = await signedIn(email);
      const list = (await c.get('/api/v1/clusters?per_page=100')).body.data as { id: number }[];
      return Promise.all(list.map(async (o) => (await c.get(`/api/v1/clusters/${o.id}`)).body.architecture as string));
    };
    // Web Cluster, Extended Web Cluster and Cloud Web Cluster, across the demo customers.
    const all = new Set([...(await architectures(demoLogins.manager)), ...(await architectures(demoLogins.partner))]);
    expect([...all].sort()).toEqual(['cloud_web_cluster', 'extended_web_cluster', 'web_cluster']);
  });

  it('R2.082 R8.010 R4.026 the name changes only while the contract is productive; the description always', async () => {
    const manager = await signedIn(demoLogins.manager);
    const renamed = await manager.request('PATCH', `/api/v1/clusters/${ids['20011']}/details`, { name: 'Shop Live', description: 'Shopware 6' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Shop Live', description: 'Shopware 6' });
    const dev = await manager.request('PATCH', `/api/v1/clusters/${ids['20012']}/details`, { name: 'Staging neu' });
    expect({ status: dev.status, fields: dev.body.error.fields }).toEqual({ status: 422, fields: { name: ['errors.cluster_name_not_productive'] } });
    expect((await manager.request('PATCH', `/api/v1/clusters/${ids['20012']}/details`, { description: 'Tests' })).body.description).toBe('Tests');
  });

  it('R4.026 R8.010 a development cluster: a new name is a 422 field error that saves nothing; its unchanged name with a new description saves the description (issue 31, finding 8)', async () => {
    const manager = await signedIn(demoLogins.manager);
    const before = (await manager.get('/api/v1/clusters?per_page=100')).body.data.find((c: { number: string }) => c.number === '20012');
    expect(before.contractMode).toBe('development');
    const refused = await manager.request('PATCH', `/api/v1/clusters/${ids['20012']}/details`, { name: 'Staging neu', description: 'Neue Beschreibung' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ name: ['errors.cluster_name_not_productive'] });
    const unchanged = (await manager.get('/api/v1/clusters?per_page=100')).body.data.find((c: { number: string }) => c.number === '20012');
    expect({ name: unchanged.name, description: unchanged.description }).toEqual({ name: before.name, description: before.description });
    // What the form sends for a development cluster (no name) and what an older client sends (the same name): saved.
    const saved = await manager.request('PATCH', `/api/v1/clusters/${ids['20012']}/details`, { name: before.name, description: 'Neue Beschreibung' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: before.name, description: 'Neue Beschreibung' });
    expect((await manager.request('PATCH', `/api/v1/clusters/${ids['20011']}/details`, { name: ' ' })).status).toBe(422);
    const other = await signedIn(demoLogins.other);
    expect((await other.request('PATCH', `/api/v1/clusters/${ids['20011']}/details`, { description: 'x' })).status).toBe(404);
  });
});
