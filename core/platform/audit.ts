import type { EntityManager } from '@mikro-orm/core';
import { AuditLogEntry } from './AuditLogEntry.ts';
import type { Clock } from './clock.ts';

/** A person in an audit entry; only id and e-mail are kept. */
export interface AuditParty {
  id: number;
  email: string;
}

export interface AuditRecord {
  action: string;
  actor?: AuditParty | null;
  subject?: AuditParty | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Adds an entry to the audit log. It is persisted with the caller's unit of work, so an entry written
 * inside a transaction commits (or rolls back) together with the change it describes.
 */
export function recordAudit(em: EntityManager, clock: Clock, record: AuditRecord): AuditLogEntry {
  return em.create(AuditLogEntry, {
    action: record.action,
    actorId: record.actor?.id ?? null,
    actorEmail: record.actor?.email ?? null,
    subjectId: record.subject?.id ?? null,
    subjectEmail: record.subject?.email ?? null,
    ip: record.ip?.slice(0, 64) ?? null,
    details: record.details ?? null,
    occurredAt: clock.now(),
  });
}

export { AuditLogEntry } from './AuditLogEntry.ts';
