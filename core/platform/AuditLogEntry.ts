import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One line of the audit log: who did what to whom, when and from where. Users are kept as id and
 * e-mail snapshots without foreign keys, so the log outlives deleted accounts and cannot be cascaded away.
 */
export const AuditLogEntry = defineEntity({
  name: 'AuditLogEntry',
  tableName: 'audit_log',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** What happened, e.g. `impersonation.started`, `permission.revoked`. */
    action: p.string().length(64).index(),
    actorId: p.integer().nullable().index(),
    actorEmail: p.string().length(254).nullable(),
    subjectId: p.integer().nullable().index(),
    subjectEmail: p.string().length(254).nullable(),
    ip: p.string().length(64).nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
    occurredAt: p.datetime().index(),
  },
});
export type AuditLogEntry = InferEntity<typeof AuditLogEntry>;
