import { AsyncLocalStorage } from 'node:async_hooks';
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

/** Who is behind the request beyond its user: the staff member while impersonating. */
export interface AuditScope {
  impersonator?: AuditParty;
}

const scope = new AsyncLocalStorage<AuditScope>();

/**
 * Runs a request's work with its audit scope: every audit entry recorded inside carries the staff
 * member who impersonates the acting user (`details.impersonator`; issue 8, defect 10).
 */
export const withAuditScope = <T>(value: AuditScope, fn: () => T): T => scope.run(value, fn);

/** The current request's audit scope (empty outside a request). */
export const currentAuditScope = (): AuditScope => scope.getStore() ?? {};

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
    details: withImpersonator(record.details),
    occurredAt: clock.now(),
  });
}

export { AuditLogEntry } from './AuditLogEntry.ts';

function withImpersonator(details: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const impersonator = currentAuditScope().impersonator;
  if (!impersonator) return details ?? null;
  return { ...details, impersonator: { id: impersonator.id, email: impersonator.email } };
}
