/**
 * Server part of the `backups` plugin: the plans of a server (desired state in `backups_plans`, an SDK resource
 * rendered as the plan file; document roots or database dumps, `dumps.ts`), and what happens on the server with restic — backups, restore tests, restores as a
 * copy with promote or discard, in-place restores — as runs with progress (`runs.ts`), scheduled by `scheduler.ts`.
 */
import { defineServerPlugin, validationFailed, type PluginHandlers, type PluginPorts } from '@portal/plugin-sdk/server';
import { listDatabases } from './dumps.ts';
import type { Operations } from '../generated/operations.ts';
import { BackupPlan, BackupRepository, BackupRestore, BackupRun } from './entities.ts';
import { demoFixtures } from './fixtures.ts';
import { ownHandlers } from './handlers.ts';
import { Migration20261128120315Backups } from './migrations/Migration20261128120315Backups.ts';
import { Migration20261129100000BackupsDatabases } from './migrations/Migration20261129100000BackupsDatabases.ts';
import { plans, plansPath, renderPlans } from './plans.ts';
import programs from './program.ts';
import { runsOf, type Runs } from './runs.ts';
import { startScheduler } from './scheduler.ts';

// One set of runs per portal (its ports): the handlers queue into it, the scheduler too.
const runsByPorts = new WeakMap<PluginPorts, Runs>();
const runsFor = (ports: PluginPorts) => runsByPorts.get(ports) ?? runsByPorts.set(ports, runsOf(ports)).get(ports)!;
// The schedulers of the portals started in this process (tests start several), stopped with the plugin.
const schedulers = new Map<PluginPorts, () => void>();

export default defineServerPlugin<Operations>({
  entities: [BackupPlan, BackupRepository, BackupRun, BackupRestore],
  migrations: [Migration20261128120315Backups, Migration20261129100000BackupsDatabases],
  programs,
  // The plan file is read by people and the portal, not by a program: nothing to check or reload.
  steps: {
    validate: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'restic' }),
    reload: async () => ({ status: 'skipped', reason: 'not_supported', tool: 'restic' }),
  },
  state: { entities: [BackupPlan] },
  render: async ({ em, server }) => [{ path: plansPath, content: renderPlans(await plans.all(em, server.id)), mode: 0o644 }],
  handlers: (ports): PluginHandlers<Operations> => {
    const base = plans.handlers(ports);
    // A database plan names a database the server's MariaDB has (read from the running instance, before the lock).
    const known = async (c: { server: { id: number }; body: { kind: string; database: string } }) => {
      if (c.body.kind !== 'database' || !c.body.database.trim()) return;
      const { data } = await listDatabases(ports.gateway(c.server.id));
      if (!data.includes(c.body.database.trim())) throw validationFailed({ database: ['backups:errors.database_unknown'] });
    };
    return {
      ...base,
      createBackupPlan: async (c) => (await known(c), base.createBackupPlan(c)),
      updateBackupPlan: async (c) => (await known(c), base.updateBackupPlan(c)),
      ...ownHandlers(ports, runsFor(ports)),
    };
  },
  fixtures: demoFixtures,
  start: (ports) => {
    schedulers.get(ports)?.();
    schedulers.set(ports, startScheduler(ports, runsFor(ports)));
  },
  stop: () => {
    for (const stop of schedulers.values()) stop();
    schedulers.clear();
  },
});
