/**
 * Confirm or roll back (Plesk's model): a change of the rules opens a confirm window once its apply has loaded the
 * rules (`ports.management.confirmSeconds`, 60 s; the one place is the configuration `MANAGED_CONFIRM_SECONDS`).
 * "Keep these rules" confirms them; otherwise the watcher stores the last confirmed rules again as a change of its
 * own, whose apply job loads them — the server comes back even when the new rules cut the user off.
 *
 * Wall time, not the portal's clock: the window protects a connection that exists now (the test clock of a test
 * portal stands still). The row is not desired state (a rollback does not bring it back); every instance's watcher
 * may see it, the rollback re-reads it under the server's lock, so only one rolls back.
 */
import { conflict, startPoller, type ManagedUser, type PluginDatabase, type PluginPorts } from '@portal/plugin-sdk/server';
import { FirewallConfirmation, FirewallRule, type RuleValues } from './entities.ts';

/** How long a change may wait for its apply before its window is given up (the apply failed; the platform restored). */
const applyGiveUpMs = 10 * 60_000;
/** How often the watcher looks. */
export const watchEveryMs = 1000;

export type ConfirmationView = { state: 'none' | 'applying' | 'waiting'; deadline: string | null; confirmSeconds: number };

/** Records a change of the server's rules (inside its store): the rules before it stay the ones to restore. */
export async function recordChange(em: PluginDatabase, ports: PluginPorts, serverId: number, userId: number, before: readonly RuleValues[]): Promise<void> {
  const baseVersion = (await ports.jobs.lastApplied(serverId, em))?.version ?? 0;
  const row = await em.findOne(FirewallConfirmation, { serverId });
  // Changes made while a window is open keep the rules confirmed before it; the window starts again after their apply.
  if (row) em.assign(row, { userId, baseVersion, changedAt: new Date(), deadline: null });
  else em.create(FirewallConfirmation, { serverId, userId, baseVersion, changedAt: new Date(), deadline: null, confirmedRules: before.map(valuesOf) });
}

export const valuesOf = (r: RuleValues): RuleValues => ({ action: r.action, protocol: r.protocol, ports: r.ports, sources: r.sources, comment: r.comment });

/** Opens the window of an applied change (deadline), gives up a change whose apply never came; answers the state. */
export async function settle(em: PluginDatabase, ports: PluginPorts, serverId: number): Promise<ConfirmationView> {
  const confirmSeconds = ports.management.confirmSeconds;
  const row = await em.findOne(FirewallConfirmation, { serverId });
  if (!row) return { state: 'none', deadline: null, confirmSeconds };
  if (!row.deadline) {
    const applied = await ports.jobs.lastApplied(serverId, em);
    if (applied && applied.version > row.baseVersion) {
      row.deadline = new Date(Date.now() + confirmSeconds * 1000);
      await em.flush();
      await ports.events.publish(serverId, 'confirmation', { deadline: row.deadline.toISOString() });
    } else if (Date.now() - row.changedAt.getTime() > applyGiveUpMs) {
      await em.nativeDelete(FirewallConfirmation, { id: row.id });
      return { state: 'none', deadline: null, confirmSeconds };
    }
  }
  return row.deadline ? { state: 'waiting', deadline: row.deadline.toISOString(), confirmSeconds } : { state: 'applying', deadline: null, confirmSeconds };
}

/** "Keep these rules": ends an open window (409 when none is open). */
export async function confirm(em: PluginDatabase, ports: PluginPorts, serverId: number): Promise<ConfirmationView> {
  const view = await settle(em, ports, serverId);
  if (view.state !== 'waiting') throw conflict('firewall:errors.nothing_to_confirm');
  await em.nativeDelete(FirewallConfirmation, { serverId });
  await ports.events.publish(serverId, 'confirmation', { deadline: null });
  return { state: 'none', deadline: null, confirmSeconds: view.confirmSeconds };
}

/** Stores the last confirmed rules again when the window of `serverId` has run out; answers the job id, if any. */
export async function rollBackExpired(ports: PluginPorts, serverId: number): Promise<number | undefined> {
  const em = ports.database.fork();
  const row = await em.findOne(FirewallConfirmation, { serverId });
  const server = await em.server(serverId);
  if (!row?.deadline || row.deadline.getTime() > Date.now() || !server) return undefined;
  const user: ManagedUser = { id: row.userId, email: '', name: '' };
  try {
    const { jobId } = await ports.jobs.store({ server, user }, async (tx) => {
      // Under the lock: another instance may have rolled back, or the user confirmed, in the meantime.
      const current = await tx.findOne(FirewallConfirmation, { serverId });
      if (!current?.deadline || current.deadline.getTime() > Date.now()) throw conflict();
      await tx.nativeDelete(FirewallRule, { serverId });
      const now = ports.clock.now();
      for (const r of current.confirmedRules) tx.create(FirewallRule, { ...valuesOf(r), serverId, createdAt: now, updatedAt: now });
      await tx.nativeDelete(FirewallConfirmation, { id: current.id });
      return { key: 'firewall:changes.rolled_back', values: { rules: current.confirmedRules.length } };
    });
    await ports.events.publish(serverId, 'confirmation', { deadline: null, rolledBack: true });
    return jobId;
  } catch (e) {
    if ((e as { code?: string }).code === 'conflict') return undefined;
    throw e;
  }
}

/** The watcher of every server's window: opens windows of applied changes, rolls back run-out ones. Answers its stop. */
export function startWatcher(ports: PluginPorts, everyMs = watchEveryMs): () => void {
  return startPoller(ports, 'firewall confirmation watcher', everyMs, async () => {
    const em = ports.database.fork();
    for (const row of await em.find(FirewallConfirmation, {})) {
      const view = await settle(em, ports, row.serverId);
      if (view.state === 'waiting' && Date.parse(view.deadline!) <= Date.now()) await rollBackExpired(ports, row.serverId);
    }
  });
}
