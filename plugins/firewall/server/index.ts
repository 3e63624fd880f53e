/**
 * Server part of the `firewall` plugin: the rules of a server (desired state in `firewall_rules`, a resource of the
 * SDK: `x-resources.firewallRule`), rendered as one nftables rule set, checked with `nft -c -f` and loaded
 * (`program.ts`); the presets; the lock-out guard (`rules.ts`); and confirm or roll back (`confirmation.ts`).
 */
import { defineResource, defineServerPlugin, notFound, validationFailed, type ApplyTarget, type ChangeSummary, type ManagedServer, type PluginDatabase, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { firewallRuleResource } from '../generated/resources.ts';
import { confirm, recordChange, settle, startWatcher, valuesOf } from './confirmation.ts';
import { checkBlocks, maxBlocksPerCluster } from './blocklist.ts';
import { FirewallBlock, FirewallConfirmation, FirewallRule, type RuleValues } from './entities.ts';
import { Migration20261128200000Firewall } from './migrations/Migration20261128200000Firewall.ts';
import { Migration20261129000000FirewallBlocks } from './migrations/Migration20261129000000FirewallBlocks.ts';
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

const blocksOf = (em: PluginDatabase, clusterId: number) => em.find(FirewallBlock, { clusterId }, { orderBy: { id: 'asc' } });

/** The rule set of a server: its rules after its cluster's block list. */
async function render(em: PluginDatabase, server: Pick<ManagedServer, 'id' | 'clusterId'>): Promise<string> {
  const rows = await rules.all(em, server.id);
  return renderRuleset(
    rows.map((r) => ({ id: r.id, ...valuesOf(r as RuleValues) })),
    (await blocksOf(em, server.clusterId)).map((b) => ({ id: b.id, address: b.address })),
  );
}

/** The servers of a cluster that run the firewall, by id (the order every block list change locks them in). */
const firewallServers = async (em: PluginDatabase, clusterId: number) =>
  (await em.clusterServers(clusterId)).filter((s) => s.services.includes('firewall')).sort((a, b) => a.id - b.id);

/**
 * A change of the cluster's block list: `change` runs under the lock of the cluster's first firewall server (so two
 * changes of one cluster never interleave, whichever server's page they come from), then every other server's apply
 * is queued, locked in id order (no two changes can wait for each other). Answers with the request server's job.
 */
async function changeBlocklist(ports: PluginPorts, c: ApplyTarget & { em: PluginDatabase }, change: (em: PluginDatabase) => Promise<ChangeSummary>) {
  const servers = await firewallServers(c.em, c.server.clusterId);
  const [first, ...rest] = servers.length ? servers : [c.server];
  let summary: ChangeSummary | undefined;
  const handles = [
    await ports.jobs.store({ server: first, user: c.user }, async (em) => {
      summary = await change(em);
      return summary;
    }),
  ];
  for (const server of rest) handles.push(await ports.jobs.apply({ server, user: c.user }, { summary: summary! }));
  return (handles[[first, ...rest].findIndex((s) => s.id === c.server.id)] ?? handles[0]).job;
}

export default defineServerPlugin<Operations>({
  entities: [FirewallRule, FirewallConfirmation, FirewallBlock],
  migrations: [Migration20261128200000Firewall, Migration20261129000000FirewallBlocks],
  programs,
  steps: { service: 'nftables' },
  state: { entities: [FirewallRule] },
  render: async ({ em, server }) => [{ path: rulesetPath, content: await render(em, server), mode: 0o644 }],
  handlers: (ports): PluginHandlers<Operations> => {
    portsOfPlugin = ports;
    return {
      ...rules.handlers(ports),
      getFirewallPreview: async (c) => {
        const content = await render(c.em, c.server);
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
      listFirewallBlocks: async (c) => ({
        data: (await blocksOf(c.em, c.server.clusterId)).map((b) => ({ id: b.id, address: b.address, comment: b.comment, createdAt: b.createdAt.toISOString() })),
        servers: (await firewallServers(c.em, c.server.clusterId)).map((s) => ({ id: s.id, name: s.name })),
        max: maxBlocksPerCluster,
      }),
      addFirewallBlocks: (c) =>
        changeBlocklist(ports, c, async (em) => {
          const existing = await blocksOf(em, c.server.clusterId);
          const checked = checkBlocks(c.body, existing.map((b) => b.address), ports.management);
          if ('errors' in checked) throw validationFailed(checked.errors);
          const now = ports.clock.now();
          for (const cidr of checked.add) em.create(FirewallBlock, { clusterId: c.server.clusterId, address: cidr.text, comment: c.body.comment ?? '', createdAt: now });
          return { key: 'firewall:changes.blocked', values: { addresses: checked.add.map((a) => a.text).join(', ') } };
        }),
      deleteFirewallBlock: async (c) => {
        const block = await c.em.findOne(FirewallBlock, { id: c.params.blockId, clusterId: c.server.clusterId });
        if (!block) throw notFound();
        return changeBlocklist(ports, c, async (em) => {
          const deleted = await em.nativeDelete(FirewallBlock, { id: block.id, clusterId: c.server.clusterId });
          // Removed by a change that came first: nothing left to do, and nothing claimed.
          if (!deleted) throw notFound();
          return { key: 'firewall:changes.unblocked', values: { addresses: block.address } };
        });
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
    // One blocked address per cluster, added with the cluster's first firewall server.
    if (!(await em.count(FirewallBlock, { clusterId: server.clusterId })))
      em.create(FirewallBlock, { clusterId: server.clusterId, address: '203.0.113.66', comment: 'Anmeldeversuche (Demo)', createdAt: now });
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
