/**
 * Server part of the `varnish-ssl` module, a config service (docs/plugins.md, "Config services"): its settings — the
 * contract's `x-config`: caching rules and start parameters — rendered into the VCL and the start command
 * (`program.ts`), checked by `varnishd -C`, loaded and switched to in the running Varnish (`admin.ts`); the family
 * stores them, answers get/update, applies and rolls back. Besides the family: the expert's custom VCL (its own row,
 * part of the desired state, so it is snapshotted and rolled back with the settings), the compiler's messages at their
 * lines, purges and the request log.
 */
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import type { Schemas } from '@portal/openapi';
import {
  conflict,
  defineConfigService,
  validationFailed,
  type PluginHandlers,
  type PluginPorts,
  type ServerPlugin,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { adminAddress, ban, banExpression, loadedVcls, reload, requestLog } from './admin.ts';
import { Migration20261128114315VarnishSsl } from './migrations/Migration20261128114315VarnishSsl.ts';
import { Migration20261128115500VarnishSslVcl } from './migrations/Migration20261128115500VarnishSslVcl.ts';
import programs, { compileVcl, compilerMessages, render, vclPath, type Prepared } from './program.ts';
import { VarnishVcl } from './VclEntity.ts';

type Mode = Schemas['VarnishSslVcl']['mode'];

const ownHandlers = (ports: PluginPorts): Partial<PluginHandlers<Operations>> => ({
  getVarnishSslVcl: async (c) => {
    const row = await c.em.findOne(VarnishVcl, { serverId: c.server.id });
    const loaded = await loadedVcls(ports.gateway(c.server.id));
    return { mode: (row?.mode ?? 'form') as Mode, customVcl: row?.customVcl ?? '', running: loaded !== null, loaded: loaded ?? [] };
  },

  checkVarnishSslVcl: async (c) => {
    const r = await compileVcl(ports.gateway(c.server.id), c.body.vcl);
    return r.status === 'failed' ? { valid: false, messages: compilerMessages(r.output ?? '') } : { valid: true, messages: [] };
  },

  updateVarnishSslVcl: async (c) => {
    const { mode, customVcl } = c.body;
    if (mode === 'custom') {
      if (!customVcl.trim()) throw validationFailed({ customVcl: ['validation.required'] });
      const r = await compileVcl(ports.gateway(c.server.id), customVcl);
      if (r.status === 'failed') throw validationFailed({ customVcl: ['varnish-ssl:errors.vcl_compile'] });
    }
    const { job } = await ports.jobs.store(c, async (em) => {
      const row = await em.findOne(VarnishVcl, { serverId: c.server.id });
      if (row) em.assign(row, { mode, customVcl, updatedAt: ports.clock.now() });
      else em.create(VarnishVcl, { serverId: c.server.id, mode, customVcl, updatedAt: ports.clock.now() });
      return { key: mode === 'custom' ? 'varnish-ssl:changes.custom' : 'varnish-ssl:changes.form' };
    });
    return job;
  },

  purgeVarnishSsl: async (c) => {
    const expression = banExpression(c.body);
    if (!expression) throw validationFailed({ [c.body.host ? 'path' : 'host']: ['validation.required'] });
    const r = await ban(ports.gateway(c.server.id), expression);
    if (!r) throw conflict('varnish-ssl:errors.not_running');
    if (r.exitCode !== 0) throw conflict('varnish-ssl:errors.not_running');
    ports.logger.info({ serverId: c.server.id, userId: c.user.id, ban: expression.join(' ') }, 'varnish: purged');
    return { ban: expression.join(' ') };
  },

  listVarnishSslLog: async (c) => {
    const lines = await requestLog(ports.gateway(c.server.id));
    const search = c.query.search?.toLowerCase();
    const shown = (lines ?? []).filter((l) => !search || l.toLowerCase().includes(search)).slice(-(c.query.lines ?? 200));
    return { running: lines !== null, entries: shown.map((line) => ({ line: line.slice(0, 10_000) })) };
  },
});

const family = defineConfigService<Operations, Settings, Prepared>(
  {
    config,
    migrations: [Migration20261128114315VarnishSsl, Migration20261128115500VarnishSslVcl],
    // The loopback ports of the private instance on the `local` gateway (a real server: the settings' port, 6082).
    prepare: async ({ gateway }) => ({
      local: runsPrivateInstances(gateway),
      port: (await gateway.listenAddress('varnish', 6081)).port,
      adminPort: (await adminAddress(gateway)).port,
    }),
    render: (s, c) => render(s, c),
    programs,
    steps: { service: 'varnish', reload },
    rules: (s) => (s.threadPoolMin > s.threadPoolMax ? { threadPoolMin: ['varnish-ssl:errors.threads_min_max'] } : undefined),
  },
  ownHandlers,
);

/** The family's plugin with the custom VCL row in the desired state and in the rendered VCL. */
const plugin: ServerPlugin<Operations> = {
  ...family,
  entities: [...(family.entities ?? []), VarnishVcl],
  state: { entities: [...(family.state?.entities ?? []), VarnishVcl] },
  render: async (c) => {
    const files = await family.render!(c);
    const row = await c.em.findOne(VarnishVcl, { serverId: c.server.id });
    return row?.mode === 'custom' ? files.map((f) => (f.path === vclPath ? { ...f, content: row.customVcl } : f)) : files;
  },
};

export default plugin;
