import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Cluster, Customer, User } from '../../tenancy/index.ts';

/** `manager` of a customer account or `administrator` of a cluster (spec §3 Invitation); also the `{type}` of the links. */
export const invitationRoles = ['manager', 'administrator'] as const;
export type InvitationRole = (typeof invitationRoles)[number];

/**
 * Spec §4: sent, then open, then accepted or deleted. `sent` when created (the mail went out),
 * `open` once the invitee opened the link, `declined` when the invitee said no, `deleted` when a
 * manager withdrew it. Only `sent` and `open` invitations can be answered.
 */
export const invitationStatuses = ['sent', 'open', 'accepted', 'declined', 'deleted'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An invitation of an e-mail address to manage a customer or to administrate a cluster. */
export const Invitation = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  checks: [
    {
      name: 'invitations_role_target_check',
      expression: `("role" = 'manager' and "customer_id" is not null and "cluster_id" is null) or ("role" = 'administrator' and "cluster_id" is not null and "customer_id" is null)`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).index(),
    role: p.enum(invitationRoles),
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade').index(),
    cluster: () => p.manyToOne(Cluster).nullable().deleteRule('cascade').index(),
    /** SHA-256 of the token in the link; the plain token exists only in the invitation mail. */
    tokenHash: p.string().length(64).unique().hidden(),
    status: p.enum(invitationStatuses).default('sent'),
    invitedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    respondedAt: p.datetime().nullable(),
    /** The user who accepted (a new registration or an existing account). */
    acceptedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
});
export type Invitation = InferEntity<typeof Invitation>;
