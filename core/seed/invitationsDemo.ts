import type { EntityManager } from '@mikro-orm/core';
import { Cluster } from '../clusters/index.ts';
import { Customer } from '../customers/index.ts';
import { systemClock } from '../platform/index.ts';
import { type InvitationRole, createInvitation, User } from '../accounts/index.ts';

export interface DemoInvitation {
  email: string;
  role: InvitationRole;
  customerNumber?: number;
  clusterNumber?: string;
  invitedBy: string;
  /**
   * A fixed token, so the demo links in the README work. Only seeded demo data has fixed tokens; real
   * invitations get 256 random bits. Stored as its SHA-256 like every other token.
   */
  token: string;
}

/**
 * The open invitations of the demo, in creation order (on a fresh database their ids are 1, 2, 3, 4):
 * a new colleague for customer 10001, the demo's other user and the partner for cluster 20012, and a
 * freelancer for cluster 20011.
 */
export const demoInvitations = {
  newColleague: {
    email: 'new.colleague@demo.example',
    role: 'manager',
    customerNumber: 10001,
    invitedBy: 'manager@demo.example',
    token: 'demo-invitation-new-colleague-10001',
  },
  otherAdministrator: {
    email: 'other@demo.example',
    role: 'administrator',
    clusterNumber: '20012',
    invitedBy: 'manager@demo.example',
    token: 'demo-invitation-other-20012',
  },
  freelancer: {
    email: 'freelancer@demo.example',
    role: 'administrator',
    clusterNumber: '20011',
    invitedBy: 'manager@demo.example',
    token: 'demo-invitation-freelancer-20011',
  },
  partnerAdministrator: {
    email: 'partner@demo.example',
    role: 'administrator',
    clusterNumber: '20012',
    invitedBy: 'manager@demo.example',
    token: 'demo-invitation-partner-20012',
  },
} as const satisfies Record<string, DemoInvitation>;

/** Demo invitations stay open for a year after seeding. */
const demoValidDays = 365;

/** Seeds {@link demoInvitations}; runs inside the demo seed's transaction, after customers, clusters and users exist. */
export async function seedDemoInvitations(em: EntityManager): Promise<void> {
  await em.flush();
  for (const d of Object.values(demoInvitations) as DemoInvitation[]) {
    const invitedBy = await em.findOne(User, { email: d.invitedBy });
    const customerId = d.customerNumber ? (await em.findOneOrFail(Customer, { number: d.customerNumber })).id : undefined;
    const clusterId = d.clusterNumber ? (await em.findOneOrFail(Cluster, { number: d.clusterNumber })).id : undefined;
    await createInvitation(em, systemClock, { email: d.email, role: d.role, customerId, clusterId, invitedBy, token: d.token, validDays: demoValidDays });
  }
}
