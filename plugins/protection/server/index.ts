/**
 * Server part of the `protection` module, a config service (docs/plugins.md, "Config services"): its settings (the
 * allow list and the ban time increment, `x-config`) and its desired state besides — the fail2ban jails and the WAF
 * sites (`x-resources`, `defineResource`) — rendered by `render.ts`, checked by fail2ban and apache on staged copies
 * and applied in one job that reloads the private fail2ban-server (`program.ts`). The running server's bans are read
 * and changed through its socket (`bans.ts`); the WAF events come from ModSecurity's audit log (`audit.ts`).
 */
import {
  conflict,
  defineConfigService,
  defineResource,
  validationFailed,
  type ErrorNameOf,
  type FieldErrors,
  type PluginDatabase,
  type PluginHandler,
  type PluginPorts,
  type ServerGateway,
} from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { TranslationKey } from '../generated/i18n.ts';
import type { Operations } from '../generated/operations.ts';
import { protectionJailResource, protectionWafSiteResource } from '../generated/resources.ts';
import { parseAuditLog } from './audit.ts';
import { readBans, setBan } from './bans.ts';
import { ProtectionJail, ProtectionWafSite } from './entities.ts';
import { Migration20261128234716Protection } from './migrations/Migration20261128234716Protection.ts';
import { Migration20261129000000ProtectionState } from './migrations/Migration20261129000000ProtectionState.ts';
import programs, { checkWaf } from './program.ts';
import { auditLogPath, render, type JailState, type WafSiteState } from './render.ts';
import { allowed, allowList, isSingleAddress, ruleIds } from './rules.ts';

const key = (k: ErrorNameOf<TranslationKey>) => `protection:errors.${k}` as const;
const stamp = (d: Date) => d.toISOString();

export const jails = defineResource(protectionJailResource, {
  entity: ProtectionJail,
  orderBy: { jail: 'asc' },
  present: (j) => ({ id: j.id, jail: j.jail as JailState['jail'] as never, enabled: j.enabled, bantimeSeconds: j.bantimeSeconds, maxretry: j.maxretry, findtimeSeconds: j.findtimeSeconds, createdAt: stamp(j.createdAt), updatedAt: stamp(j.updatedAt) }),
  rules: (input, { existing, current }): FieldErrors | undefined => {
    const i = input as { jail: string };
    return existing.some((j) => j.jail === i.jail && j.id !== current?.id) ? { jail: [key('jail_taken')] } : undefined;
  },
  summary: (j) => ({ jail: j.jail, enabled: j.enabled ? '✓' : '–', bantime: j.bantimeSeconds, maxretry: j.maxretry, findtime: j.findtimeSeconds }),
  changes: { created: 'jailCreated', updated: 'jailChanged', deleted: 'jailDeleted' },
});

export const wafSites = defineResource(protectionWafSiteResource, {
  entity: ProtectionWafSite,
  orderBy: { host: 'asc' },
  present: (s) => ({ id: s.id, host: s.host, mode: s.mode as never, exceptions: s.exceptions, createdAt: stamp(s.createdAt), updatedAt: stamp(s.updatedAt) }),
  rules: (input, { existing, current }): FieldErrors | undefined => {
    const i = input as { host: string; exceptions: string };
    const errors: FieldErrors = {};
    if (existing.some((s) => s.host === i.host.toLowerCase() && s.id !== current?.id)) errors.host = [key('host_taken')];
    const ids = ruleIds(i.exceptions);
    if ('problem' in ids) errors.exceptions = [key(ids.problem)];
    return Object.keys(errors).length ? errors : undefined;
  },
  values: (input) => {
    const i = input as { host: string; mode: string; exceptions: string };
    const ids = ruleIds(i.exceptions);
    return { host: i.host.trim().toLowerCase(), mode: i.mode, exceptions: 'ids' in ids ? ids.ids.join(', ') : i.exceptions };
  },
  summary: (s) => ({ host: s.host, mode: s.mode, exceptions: s.exceptions || '–' }),
  changes: { created: 'wafCreated', updated: 'wafChanged', deleted: 'wafDeleted' },
});

interface Desired {
  jails: JailState[];
  sites: WafSiteState[];
}

async function loadDesired(em: PluginDatabase, serverId: number): Promise<Desired> {
  return {
    jails: (await jails.all(em, serverId)).map((j) => ({ jail: j.jail, enabled: j.enabled, bantimeSeconds: j.bantimeSeconds, maxretry: j.maxretry, findtimeSeconds: j.findtimeSeconds })),
    sites: (await wafSites.all(em, serverId)).map((s) => ({ host: s.host, mode: s.mode, exceptions: s.exceptions })),
  };
}

/**
 * Both checks: a file either program refuses stops the apply. fail2ban's through its service (the private instance
 * writes its own files first, as for a start; its descriptor's check is `checkJails`), the WAF's directly.
 */
async function validate(gw: ServerGateway, files: Parameters<typeof checkWaf>[1]) {
  const f2b = await gw.service('fail2ban').validate(files);
  if (f2b.status === 'failed') return f2b;
  const waf = await checkWaf(gw, files);
  if (waf.status === 'failed') return waf;
  const output = [f2b.output, waf.output].filter(Boolean).join('\n');
  return f2b.status === 'skipped' && waf.status === 'skipped' ? f2b : { status: 'passed' as const, tool: 'fail2ban-client, apache2', output };
}

function handlers(ports: PluginPorts, settingsOf: (em: PluginDatabase, serverId: number) => Promise<Settings>) {
  const bansAnswer = async (gw: ServerGateway) => {
    const data = await readBans(gw);
    return { running: data !== undefined, jails: data ?? [] };
  };
  const act = async (c: { em: PluginDatabase; server: { id: number }; body: { jail: string; address: string } }, ban: boolean) => {
    if (!isSingleAddress(c.body.address)) throw validationFailed({ address: [key('address_format')] });
    if (ban) {
      const list = allowList((await settingsOf(c.em, c.server.id)).ignoreIp);
      if ('addresses' in list && allowed(c.body.address, ['127.0.0.0/8', '::1', ...list.addresses])) throw validationFailed({ address: [key('address_allowed')] });
    }
    const gw = ports.gateway(c.server.id);
    if (!(await setBan(gw, c.body.jail, c.body.address, ban))) throw conflict(key('not_running'));
    return bansAnswer(gw);
  };
  return {
    ...jails.handlers(ports),
    ...wafSites.handlers(ports),
    listProtectionBans: (async (c) => bansAnswer(ports.gateway(c.server.id))) satisfies PluginHandler<'listProtectionBans'>,
    banProtectionAddress: (async (c) => act(c, true)) satisfies PluginHandler<'banProtectionAddress'>,
    unbanProtectionAddress: (async (c) => act(c, false)) satisfies PluginHandler<'unbanProtectionAddress'>,
    listProtectionWafEvents: (async (c) => {
      const lines = await ports.gateway(c.server.id).tail(auditLogPath, 20_000).catch(() => [] as string[]);
      return { data: parseAuditLog(lines.join('\n')) };
    }) satisfies PluginHandler<'listProtectionWafEvents'>,
  };
}

const service = defineConfigService<Operations, Settings, undefined, Desired>(
  {
    config,
    migrations: [Migration20261128234716Protection, Migration20261129000000ProtectionState],
    render: (settings, c) => render({ settings, ...c.desired }, c.hostPath),
    desired: { entities: [ProtectionJail, ProtectionWafSite], load: (em, server) => loadDesired(em, server.id) },
    rules: (s) => {
      const list = allowList(s.ignoreIp);
      return 'problem' in list ? { ignoreIp: [key(list.problem)] } : undefined;
    },
    programs,
    steps: {
      service: 'fail2ban',
      validate,
      // fail2ban takes the jails (the private server starts when it does not run); apache takes the WAF include.
      reload: async (gw) => {
        const f2b = await gw.service('fail2ban').reload();
        if (f2b.status === 'failed') return f2b;
        const waf = await gw.service('waf').reload();
        return waf.status === 'failed' ? waf : f2b;
      },
    },
    fixtures: () => ({ ignoreIp: '192.0.2.0/24', bantimeIncrement: true }),
  },
  (ports, family) => handlers(ports, family.settingsOf) as never,
);

/** Demo servers: the allow list above, jails for ssh and apache's basic authentication, the shop's WAF detecting. */
const settingsFixtures = service.fixtures!;
service.fixtures = async (c) => {
  await settingsFixtures(c);
  if (await c.em.count(ProtectionJail, { serverId: c.server.id })) return;
  const now = c.clock.now();
  c.em.create(ProtectionJail, { serverId: c.server.id, jail: 'sshd', enabled: true, bantimeSeconds: 3600, maxretry: 5, findtimeSeconds: 600, createdAt: now, updatedAt: now });
  c.em.create(ProtectionJail, { serverId: c.server.id, jail: 'apache-auth', enabled: true, bantimeSeconds: 1800, maxretry: 6, findtimeSeconds: 600, createdAt: now, updatedAt: now });
  c.em.create(ProtectionWafSite, { serverId: c.server.id, host: 'shop.example.com', mode: 'detect', exceptions: '', createdAt: now, updatedAt: now });
  await c.em.flush();
};

export default service;
