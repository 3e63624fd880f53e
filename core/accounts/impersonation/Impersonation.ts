import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../../tenancy/index.ts';

/**
 * `pending`: a staff member created the challenge link; `active`: they passed the two-factor challenge
 * and a session for the target user runs; `ended`: that session is over (ended, logged out or expired).
 */
export const impersonationStatuses = ['pending', 'active', 'ended'] as const;
export type ImpersonationStatus = (typeof impersonationStatuses)[number];

/** A staff member acting as a customer's user (spec §6: reached through a two-factor challenge link). */
export const Impersonation = defineEntity({
  name: 'Impersonation',
  tableName: 'impersonations',
  properties: {
    id: p.integer().primary().autoincrement(),
    staff: () => p.manyToOne(User).deleteRule('cascade').index(),
    target: () => p.manyToOne(User).deleteRule('cascade').index(),
    /** SHA-256 of the token in the challenge link. */
    tokenHash: p.string().length(64).unique().hidden(),
    status: p.enum(impersonationStatuses).default('pending').index(),
    createdAt: p.datetime(),
    /** Until when the link can be used. */
    expiresAt: p.datetime(),
    /** Wrong two-factor codes entered on this link; at the limit the link is dead. */
    failedAttempts: p.integer().default(0),
    /** The id (SHA-256 of the token) of the session started for the target user. */
    sessionId: p.string().length(64).nullable().index(),
    startedAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
    endReason: p.enum(['ended', 'session_ended'] as const).nullable(),
  },
});
export type Impersonation = InferEntity<typeof Impersonation>;
