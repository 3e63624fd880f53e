/**
 * The `__id__` section through the API: a real portal over its own database with the demo data, the
 * `local` gateway writing into a sandbox per server.
 */
import { demoLogins, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { Operations } from '../generated/operations.ts';
import { configPath } from './render.ts';

let t: PluginPortal<Operations>;
beforeAll(async () => {
  t = await startPluginPortal<Operations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const file = () => t.portal.managed.gateway(t.server.id).readFile(configPath);

describe('__id__', () => {
  it('creates an entry (202), applies it into the file, lists it, and deletes it again', async () => {
    const created = await t.api.call('create__Pascal__Item', { body: { name: 'max_memory', value: '256M' } });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    expect(await file()).toContain('max_memory = 256M\n');

    const list = await t.api.call('list__Pascal__Items');
    expect(list.status).toBe(200);
    const item = list.body.data.find((i) => i.name === 'max_memory');
    expect(item).toMatchObject({ value: '256M' });

    const deleted = await t.api.call('delete__Pascal__Item', { path: { itemId: item!.id } });
    expect(deleted.status).toBe(202);
    expect((await t.waitForJob(deleted.body.id)).status).toBe('succeeded');
    expect(await file()).not.toContain('max_memory');
    expect((await t.api.call('delete__Pascal__Item', { path: { itemId: item!.id } })).status).toBe(404);
  });

  it('refuses bad input and a duplicate with field errors (422), storing nothing', async () => {
    const bad = await t.api.call('create__Pascal__Item', { body: { name: 'a b', value: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error?.fields?.name).toBeDefined();

    const first = await t.api.call('create__Pascal__Item', { body: { name: 'workers', value: '4' } });
    await t.waitForJob(first.body.id);
    const twice = await t.api.call('create__Pascal__Item', { body: { name: 'workers', value: '8' } });
    expect(twice.status).toBe(422);
    expect(twice.body.error?.fields).toEqual({ name: ['__id__:errors.duplicate'] });
    expect((await t.api.call('list__Pascal__Items')).body.data.filter((i) => i.name === 'workers')).toHaveLength(1);
  });

  it('is for administrators of the cluster only', async () => {
    // The demo manager administrates cluster 20011 but is only a manager (no administrator role) of 20012.
    const manager = await t.signIn(demoLogins.manager);
    const staging = await t.clusterByNumber(manager, '20012');
    const denied = await t.api.call('list__Pascal__Items', { as: manager, path: { clusterId: staging.id, serverId: staging.servers[0]!.id } });
    expect([denied.status, denied.body?.error?.message]).toEqual([403, 'errors.managed_administrators_only']);
    expect((await t.portal.client().get(t.api.url('list__Pascal__Items'))).status).toBe(401);
  });
});
