/**
 * "Update now": applies the pending updates of a server as a run with progress (the SDK's report runner: one run
 * per server at a time, `package-updates.report` events, the row as the history). On a sandbox it applies what the
 * simulation would install to the sandbox's private dpkg status, package by package — each record takes its new
 * version's fields from the archive (`apt-cache show pkg=version`) — and simulates again to prove nothing of it is
 * left pending. The machine's own packages are never touched. A real server would run `apt-get upgrade` through
 * `sudo -n` (see the README); that gateway has no privileged command yet, so such a run fails with `error`.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import { defineReports, type ReportRunContext } from '@portal/plugin-sdk/server';
import {
  aptOptions,
  applyToStatus,
  conffilesOf,
  dpkgStatusPath,
  parseStatus,
  serializeStatus,
  servicesOfConffiles,
  simulateUpgrade,
  type StatusRecord,
} from './apt.ts';
import { ensureSandboxPackages } from './sandbox.ts';
import { PackageUpgrade } from './PackageUpgrade.ts';

/** One package an upgrade applied. */
export interface AppliedPackage {
  package: string;
  from: string;
  to: string;
  security: boolean;
  /** Its conffiles (configuration files the new version may replace). */
  conffiles: string[];
}

/** What a finished upgrade stores. */
export interface UpgradeResult {
  packages: AppliedPackage[];
  /** The server's services whose configuration a package of it ships. */
  services: string[];
  /** Updates still pending after it (held back by apt, or new ones). */
  remaining: number;
}

async function archiveRecord(gateway: ServerGateway, pkg: string, version: string): Promise<StatusRecord | undefined> {
  const r = await gateway.run({ tool: 'apt-cache', args: [...aptOptions(gateway), 'show', `${pkg}=${version}`], timeoutMs: 60_000 });
  return r.exitCode === 0 ? parseStatus(r.stdout)[0] : undefined;
}

/** The run itself (exported for the tests of its steps). */
export async function runUpgrade(c: Pick<ReportRunContext<UpgradeResult>, 'gateway' | 'progress' | 'server'>): Promise<UpgradeResult> {
  const { gateway } = c;
  if (!runsPrivateInstances(gateway)) throw new Error('upgrading a real server needs apt-get through sudo (README)');
  await ensureSandboxPackages(gateway);
  await c.progress(5, 'simulating');
  const pending = await simulateUpgrade(gateway);
  let records = parseStatus((await gateway.readFile(dpkgStatusPath)) ?? '');
  const conffiles = conffilesOf(records);
  const applied: AppliedPackage[] = [];
  for (const [i, u] of pending.entries()) {
    await c.progress(10 + (80 * i) / Math.max(1, pending.length), 'installing');
    records = applyToStatus(records, [{ ...u, archive: await archiveRecord(gateway, u.package, u.candidate) }]);
    // Written after each package, as dpkg records each one it has configured.
    await gateway.writeFile({ path: dpkgStatusPath, content: serializeStatus(records), mode: 0o644 });
    applied.push({
      package: u.package,
      from: u.installed,
      to: u.candidate,
      security: u.security,
      conffiles: conffiles.get(u.package) ?? [],
    });
  }
  await c.progress(92, 'verifying');
  const remaining = await simulateUpgrade(gateway);
  const stillPending = remaining.filter((r) => applied.some((a) => a.package === r.package && a.to === r.candidate));
  if (stillPending.length) throw new Error(`still pending after the upgrade: ${stillPending.map((p) => p.package).join(', ')}`);
  return {
    packages: applied,
    services: servicesOfConffiles(
      applied.flatMap((a) => a.conffiles),
      c.server.services,
    ),
    remaining: remaining.length,
  };
}

export const upgrades = defineReports<UpgradeResult>({ pluginId: 'package-updates', entity: PackageUpgrade, run: runUpgrade, keep: 100 });
