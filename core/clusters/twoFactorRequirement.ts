import type { EntityManager } from '@mikro-orm/core';
import { type User, CustomerManager, type Cluster, ClusterAdministrator } from '../tenancy/index.ts';
import { afterCommit, recordAudit, ValidationFailed, type Clock, type Mailer } from '../platform/index.ts';

/** A configured and confirmed second factor. */
export const hasOwnTwoFactor = (user: Pick<User, 'twoFactorEnabled' | 'twoFactorConfirmed'>): boolean => user.twoFactorEnabled && user.twoFactorConfirmed;

/**
 * R4.024, R4.025, R5.041: whether a user may set the requirement to `required`: activating needs the
 * user's own two-factor authentication; deactivating is always possible. Returns the field error.
 */
export const twoFactorRequirementError = (required: boolean, actor: Pick<User, 'twoFactorEnabled' | 'twoFactorConfirmed'>): string | undefined =>
  required && !hasOwnTwoFactor(actor) ? 'errors.cluster_two_factor_needs_own' : undefined;

/** Everyone who uses the cluster: its administrators and the active managers of its customer, once each. */
export async function clusterUsers(em: EntityManager, cluster: Cluster): Promise<User[]> {
  const [admins, managers] = await Promise.all([
    em.find(ClusterAdministrator, { cluster: cluster.id }, { populate: ['user'] }),
    em.find(CustomerManager, { customer: cluster.customer.id, active: true }, { populate: ['user'] }),
  ]);
  const byId = new Map<number, User>();
  for (const u of [...admins.map((a) => a.user), ...managers.map((m) => m.user)]) byId.set(u.id, u);
  return [...byId.values()];
}

export interface TwoFactorRequirementContext {
  clock: Clock;
  mailer: Mailer;
  actor: User;
  /** Where the security page lives (`{publicUrl}/a/profile/security` in the notice). */
  publicUrl: string;
  ip?: string;
}

/**
 * Sets the per-cluster 2FA requirement (§2, §4 "2FA requirement per cluster"); the caller has checked
 * that the actor administrates the cluster. Switching it on needs the actor's own 2FA (422 otherwise) and,
 * after the commit, notifies every user of the cluster who has no 2FA yet. The Managed Center enforces
 * the flag (bff/src/managed/access.ts). Answers the users notified.
 */
export async function setClusterTwoFactorRequirement(em: EntityManager, ctx: TwoFactorRequirementContext, cluster: Cluster, required: boolean): Promise<{ cluster: Cluster; notified: number }> {
  const error = twoFactorRequirementError(required, ctx.actor);
  if (error) throw ValidationFailed({ required: [error] });
  const switchedOn = required && !cluster.forceTwoFactor;
  cluster.forceTwoFactor = required;
  recordAudit(em, ctx.clock, { action: 'cluster.two_factor_requirement_changed', actor: ctx.actor, ip: ctx.ip, details: { clusterId: cluster.id, required } });
  await em.flush();
  if (!switchedOn) return { cluster, notified: 0 };
  const without = (await clusterUsers(em, cluster)).filter((u) => !hasOwnTwoFactor(u));
  const enabledBy = `${ctx.actor.firstname} ${ctx.actor.surname}`.trim();
  const name = `${cluster.name} (${cluster.number})`;
  await afterCommit(async () => {
    for (const u of without)
      await ctx.mailer.send(
        { email: u.email, language: u.language === 'en' ? 'en' : 'de', firstname: u.firstname, surname: u.surname },
        { kind: 'clusterTwoFactorRequired', cluster: name, enabledBy, securityLink: `${ctx.publicUrl}/a/profile/security` },
      );
  });
  return { cluster, notified: without.length };
}
