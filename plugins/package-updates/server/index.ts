/**
 * Server part of `package-updates`: the settings of automatic security updates and the maintenance window (the
 * config family: stored, rendered by `program.ts`, checked by apt, applied, rolled back), the pending updates from
 * the package manager's simulation (`apt.ts`, on a sandbox its private apt state: `sandbox.ts`), and "update now"
 * with its history (`upgrade.ts`, the SDK's report runner).
 */
import { createHash } from 'node:crypto';
import { defineConfigService, presentReportSummary, type PluginHandlers, type ReportRow } from '@portal/plugin-sdk/server';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { conffilesOf, dpkgStatusPath, parseStatus, servicesOfConffiles, simulateUpgrade } from './apt.ts';
import { Migration20261128233025PackageUpdates } from './migrations/Migration20261128233025PackageUpdates.ts';
import programs, { render, windowRules } from './program.ts';
import { ensureSandboxPackages } from './sandbox.ts';
import { PackageUpgrade } from './PackageUpgrade.ts';
import { upgrades, type UpgradeResult } from './upgrade.ts';

const present = (r: ReportRow<UpgradeResult>) => ({
  ...presentReportSummary(r),
  packages: r.result?.packages.length ?? 0,
  security: r.result?.packages.filter((p) => p.security).length ?? 0,
});

/**
 * The last simulation per server, reused while the server's installed packages (its dpkg status) are unchanged and
 * for at most `simulationTtlMs`: `apt-get -s upgrade` resolves every installed package against Debian's lists (seconds,
 * tens of seconds on a busy host), and the answer only changes when something is installed or the lists are
 * refreshed. The page shows when the simulation ran (`checkedAt`), so a reused answer is never passed off as new.
 */
const simulationTtlMs = 10 * 60_000;
const simulations = new Map<number, { status: string; at: number; pending: Awaited<ReturnType<typeof simulateUpgrade>> }>();

const service = defineConfigService<Operations, Settings>(
  { config, migrations: [Migration20261128233025PackageUpdates], render, programs, rules: windowRules },
  (ports): Partial<PluginHandlers<Operations>> => ({
    listPendingPackageUpdates: async (c) => {
      const gateway = ports.gateway(c.server.id);
      await ensureSandboxPackages(gateway);
      const statusText = (await gateway.readFile(dpkgStatusPath)) ?? '';
      const status = createHash('sha256').update(statusText).digest('hex');
      const now = ports.clock.now().getTime();
      let simulation = simulations.get(c.server.id);
      if (!simulation || simulation.status !== status || now - simulation.at > simulationTtlMs || now < simulation.at) {
        simulation = { status, at: now, pending: await simulateUpgrade(gateway) };
        simulations.set(c.server.id, simulation);
      }
      const pending = simulation.pending;
      const conffiles = conffilesOf(parseStatus(statusText));
      const data = pending.map((p) => {
        const files = conffiles.get(p.package) ?? [];
        return { ...p, conffiles: files, services: servicesOfConffiles(files, c.server.services) };
      });
      return { data, services: [...new Set(data.flatMap((d) => d.services))].sort(), checkedAt: new Date(simulation.at).toISOString() };
    },
    listPackageUpgrades: async (c) => ({ data: (await upgrades.list(c.em, c.server.id, ports.clock.now())).map(present) }),
    startPackageUpgrade: async (c) => present(await upgrades.start(ports, c)),
    getPackageUpgrade: async (c) => {
      const r = await upgrades.get(c.em, c.server.id, c.params.upgradeId);
      return { ...present(r), result: r.result };
    },
  }),
);

export default {
  ...service,
  entities: [...(service.entities ?? []), PackageUpgrade],
  stop: () => upgrades.settled(),
  // A finished upgrade in the history of each demo server, so the section does not start empty.
  fixtures: async (c) => {
    const at = c.clock.now().getTime();
    c.em.create(PackageUpgrade, {
      serverId: c.server.id,
      status: 'done',
      progress: 100,
      step: null,
      startedAt: new Date(at - 7 * 86_400_000),
      finishedAt: new Date(at - 7 * 86_400_000 + 95_000),
      startedBy: 'admin@demo.example',
      error: null,
      result: {
        packages: [{ package: 'libssl3', from: '3.0.15-1~deb12u1', to: '3.0.16-1~deb12u1', security: true, conffiles: [] }],
        services: [],
        remaining: 0,
      } satisfies UpgradeResult,
    });
    await c.em.flush();
    await service.fixtures?.(c);
  },
} satisfies typeof service;
