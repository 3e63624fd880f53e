/**
 * The `varnish-ssl` config service through the real portal (`startPluginPortal`): the defaults, a change that
 * is stored, applied and written to the server, the contract's limits refused with nothing stored, the
 * change log, a rollback, the program's check on the file, and the authorization of every operation (`describeAccessMatrix`).
 */
import { defaultsOf } from '@portal/plugin-sdk';
import { describeAccessMatrix, startPluginPortal, type PluginPortal } from '@portal/plugin-sdk/testing';
import { config } from '../generated/config.ts';
import type { ApiOperations } from '../generated/operations.ts';
import { configPath } from './program.ts';

let t: PluginPortal<ApiOperations>;
beforeAll(async () => {
  t = await startPluginPortal<ApiOperations>(() => import('../plugin.ts'));
});
afterAll(() => t?.stop());

const defaults = defaultsOf(config);

describeAccessMatrix(() => t, { updateVarnishSslSettings: { body: defaults } });

it('varnish-ssl: the defaults, a change applied to the server, the change log, a rollback', async () => {
  const before = await t.api.call('getVarnishSslSettings');
  expect([before.status, before.body]).toEqual([200, { settings: defaults }]);

  const r = await t.api.call('updateVarnishSslSettings', { body: { ...defaults, maxClients: 42, logLevel: 'debug' } });
  expect(r.status).toBe(202);
  // The program's check (server/program.ts) ran on the written file before it was used.
  expect(await t.waitForJob(r.body.id)).toMatchObject({ status: 'succeeded', validation: { status: 'passed', tool: 'awk' } });
  expect(await t.file(configPath)).toContain('\nmaxclients 42\n');
  expect((await t.api.call('getVarnishSslSettings')).body).toEqual({ settings: { ...defaults, maxClients: 42, logLevel: 'debug' } });
  expect((await t.changes()).data[0]).toMatchObject({ summary: { key: 'sdk:config.changed', values: { fields: 'maxClients, logLevel' } } });

  const files = await t.api.call('getVarnishSslFiles');
  expect(files.body).toMatchObject({ applied: true, files: [{ path: configPath }] });

  // Undo: back to the server before the first change (the baseline), the settings to the defaults.
  await t.applied('POST', `${t.base()}/managed/plugins/varnish-ssl/rollback`);
  expect((await t.api.call('getVarnishSslSettings')).body).toEqual({ settings: defaults });
});

it('varnish-ssl: values outside the contract are refused (422), nothing is stored', async () => {
  const stored = (await t.api.call('getVarnishSslSettings')).body;
  for (const body of [
    { ...defaults, maxClients: 0 },
    { ...defaults, logLevel: 'loud' },
    { ...defaults, bindAddress: '127.0.0.1\nrequirepass x' },
  ]) {
    const r = await t.api.call('updateVarnishSslSettings', { body: body as typeof defaults });
    expect(r.status).toBe(422);
  }
  expect((await t.api.call('getVarnishSslSettings')).body).toEqual(stored);
});
