/**
 * The `firewall` section through the API: a real portal over its own database with the demo data, the
 * `local` gateway writing into a sandbox per server.
 */
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import type { ApiOperations } from '../generated/operations.ts';
import { configPath } from './render.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const file = () => t.portal.managed.gateway(t.server.id).readFile(configPath);

describe('firewall', () => {
  it('creates an entry (202), applies it into the file, lists it, changes it, and deletes it again', async () => {
    const created = await t.api.call('createFirewallItem', { body: { name: 'max_memory', value: '256M' } });
    expect(created.status).toBe(202);
    expect((await t.waitForJob(created.body.id)).status).toBe('succeeded');
    expect(await file()).toContain('max_memory = 256M\n');

    const list = await t.api.call('listFirewallItems');
    expect(list.status).toBe(200);
    const item = list.body.data.find((i) => i.name === 'max_memory');
    expect(item).toMatchObject({ value: '256M' });

    expect((await t.api.call('getFirewallItem', { path: { itemId: item!.id } })).body).toMatchObject({ name: 'max_memory', value: '256M' });
    const updated = await t.api.call('updateFirewallItem', { path: { itemId: item!.id }, body: { name: 'max_memory', value: '512M' } });
    expect(updated.status).toBe(202);
    expect((await t.waitForJob(updated.body.id)).status).toBe('succeeded');
    expect(await file()).toContain('max_memory = 512M\n');

    const deleted = await t.api.call('deleteFirewallItem', { path: { itemId: item!.id } });
    expect(deleted.status).toBe(202);
    expect((await t.waitForJob(deleted.body.id)).status).toBe('succeeded');
    expect(await file()).not.toContain('max_memory');
    expect((await t.api.call('deleteFirewallItem', { path: { itemId: item!.id } })).status).toBe(404);
    expect((await t.api.call('getFirewallItem', { path: { itemId: item!.id } })).status).toBe(404);
  });

  it('refuses bad input and a duplicate with field errors (422), storing nothing', async () => {
    const bad = await t.api.call('createFirewallItem', { body: { name: 'a b', value: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error?.fields?.name).toBeDefined();

    const first = await t.api.call('createFirewallItem', { body: { name: 'workers', value: '4' } });
    await t.waitForJob(first.body.id);
    const twice = await t.api.call('createFirewallItem', { body: { name: 'workers', value: '8' } });
    expect(twice.status).toBe(422);
    expect(twice.body.error?.fields).toEqual({ name: ['firewall:errors.duplicate'] });
    expect((await t.api.call('listFirewallItems')).body.data.filter((i) => i.name === 'workers')).toHaveLength(1);
  });
});

// R6.004 for every operation of the section (also the bundler's apply and files): 401, 404, 403, a token
// for another cluster, and a server without the service.
describeAccessMatrix(() => t, {
  createFirewallItem: { body: { name: 'access_matrix', value: '1' } },
  updateFirewallItem: { body: { name: 'access_matrix', value: '1' } },
});
