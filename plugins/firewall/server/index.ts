/**
 * Server part of the `firewall` plugin: the rules of a server (desired state in `firewall_rules`, a resource of the
 * SDK: `x-resources.firewallRule`), rendered as one nftables rule set, checked with `nft -c -f` and loaded
 * (`program.ts`); the presets; the lock-out guard (`rules.ts`); and confirm or roll back (`confirmation.ts`).
 */
import { defineResource, defineServerPlugin, validationFailed, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { firewallRuleResource } from '../generated/resources.ts';
import { confirm, recordChange, settle, startWatcher, valuesOf } from './confirmation.ts';
import { FirewallConfirmation, FirewallRule, type RuleValues } from './entities.ts';
import { Migration20261128200000Firewall } from './migrations/Migration20261128200000Firewall.ts';
import { presetRules, type Preset } from './presets.ts';
import programs, { checkRuleset } from './program.ts';
import { renderRuleset, rulesetPath } from './render.ts';
import { checkRuleSet, ruleValues } from './rules.ts';

const managementOf = (ports: PluginPorts) => ports.management;
// The ports of the portals started in this process (tests start several): the rules and the watcher need them.
let portsOfPlugin: PluginPorts | undefined;
const watchers = new Map<PluginPorts, () => void>();

/** list, get, create, update, delete of the rules: 404 for another server's, the rule set checked under the lock, the change log. */
export const rules = defineResource(firewallRuleResource, {
  entity: FirewallRule,
  present: (r) => ({ id: r.id, ...valuesOf(r as RuleValues), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
  rules: (input, { existing, current }) => {
    const changed = ruleValues(input as RuleValues);
    const next = [...existing.filter((r) => r.id !== current?.id).map((r) => r as RuleValues), changed];
    return checkRuleSet(next, managementOf(portsOfPlugin!), changed);
  },
  deleteRules: ({ existing, current }) => checkRuleSet(existing.filter((r) => r.id !== current.id) as RuleValues[], managementOf(portsOfPlugin!)),
  values: (input) => ruleValues(input as RuleValues),
  beforeChange: ({ em, server, existing, userId }) => recordChange(em, portsOfPlugin!, server.id, userId, existing as RuleValues[]),
  summary: (r) => ({ action: r.action, protocol: r.protocol, ports: r.ports, sources: r.sources || '*' }),
});

const render = (rows: readonly FirewallRule[]) => renderRuleset(rows.map((r) => ({ id: r.id, ...valuesOf(r as RuleValues) })));

export default defineServerPlugin<Operations>({
  entities: [FirewallRule, FirewallConfirmation],
  migrations: [Migration20261128200000Firewall],
  programs,
  steps: { service: 'nftables' },
  state: { entities: [FirewallRule] },
  render: async ({ em, server }) => [{ path: rulesetPath, content: render(await rules.all(em, server.id)), mode: 0o644 }],
  handlers: (ports): PluginHandlers<Operations> => {
    portsOfPlugin = ports;
    return {
      ...rules.handlers(ports),
      getFirewallPreview: async (c) => {
        const content = render(await rules.all(c.em, c.server.id));
        const check = await checkRuleset(ports.gateway(c.server.id), [{ path: rulesetPath, content }]);
        return { path: rulesetPath, content, check: { status: check.status, output: check.output ?? (check.status === 'skipped' ? check.reason : '') } };
      },
      addFirewallPreset: async (c) => {
        const { job } = await ports.jobs.store(c, async (em) => {
          const existing = await rules.all(em, c.server.id);
          const added = presetRules(c.body.preset as Preset, c.body.sources ?? '');
          if ('errors' in added) throw validationFailed(added.errors);
          const current = existing.map((r) => ruleValues(r as RuleValues));
          const fresh = added.rules.filter((n) => !current.some((r) => r.action === n.action && r.protocol === n.protocol && r.ports === n.ports && r.sources === n.sources));
          const errors = checkRuleSet([...current, ...fresh], ports.management);
          if (errors) throw validationFailed(errors);
          await recordChange(em, ports, c.server.id, c.user.id, current);
          const now = ports.clock.now();
          for (const r of fresh) em.create(FirewallRule, { ...r, serverId: c.server.id, createdAt: now, updatedAt: now });
          return { key: 'firewall:changes.preset', values: { preset: c.body.preset, rules: fresh.length } };
        });
        return job;
      },
      getFirewallConfirmation: async (c) => settle(c.em, ports, c.server.id),
      confirmFirewallRules: async (c) => confirm(c.em, ports, c.server.id),
    };
  },
  fixtures: async ({ em, server, clock }) => {
    if (await em.count(FirewallRule, { serverId: server.id })) return;
    const now = clock.now();
    const demo: RuleValues[] = [
      { action: 'allow', protocol: 'tcp', ports: '3306', sources: '10.0.0.0/8', comment: 'Datenbank aus dem privaten Netz' },
      { action: 'deny', protocol: 'tcp', ports: '3306', sources: '', comment: 'Datenbank sonst geschlossen' },
    ];
    for (const r of demo) em.create(FirewallRule, { ...r, serverId: server.id, createdAt: now, updatedAt: now });
    await em.flush();
  },
  start: (ports) => {
    portsOfPlugin = ports;
    watchers.get(ports)?.();
    watchers.set(ports, startWatcher(ports));
  },
  stop: () => {
    for (const stop of watchers.values()) stop();
    watchers.clear();
  },
});
