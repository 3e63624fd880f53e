import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import { Cluster } from '../clusters/index.ts';
import { CustomerManager } from '../customers/index.ts';
import { recordAudit } from '../platform/index.ts';
import type { Clock } from '../platform/index.ts';
import { Conflict, NotAllowed, NotFound, ValidationFailed, type FieldErrors } from '../platform/index.ts';
import type { Logger } from '../platform/index.ts';
import type { Mailer } from '../platform/index.ts';
import { dayOf } from './calendar.ts';
import { ClusterTermination, terminationReasons, type TerminationReason } from './ClusterTermination.ts';
import { contractStatusFor, endOfTermErrors, isContractCompleted, nextTerminationStatus, terminationDates, type TerminationAction } from './terminationRules.ts';

export interface TerminationInput {
  endOfTerm: string;
  reason?: TerminationReason | null;
  reasonText?: string | null;
  /** The user confirmed the text with the dates (§5). */
  confirmed: boolean;
}

export interface BillingPorts {
  clock: Clock;
  mailer: Mailer;
  logger?: Logger;
}

/** The termination of a contract that is not aborted (there is at most one, §4), or null. */
export function currentTermination(em: EntityManager, clusterId: number): Promise<ClusterTermination | null> {
  return em.findOne(ClusterTermination, { cluster: clusterId, status: { $ne: 'aborted' } }, { orderBy: { id: 'desc' } });
}

function validate(input: TerminationInput, today: string): void {
  const fields: FieldErrors = {};
  const end = endOfTermErrors(today, input.endOfTerm);
  if (end.length) fields.endOfTerm = end;
  if (input.confirmed !== true) fields.confirmed = ['errors.termination_confirmation_required'];
  if (input.reason && !terminationReasons.includes(input.reason)) fields.reason = ['validation.enum'];
  if (Object.keys(fields).length) throw ValidationFailed(fields);
}

const actorOf = (user: User) => ({ id: user.id, email: user.email });

async function lockedContract(tx: EntityManager, clusterId: number): Promise<Cluster> {
  const cluster = await tx.findOne(Cluster, { id: clusterId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!cluster) throw NotFound('errors.contract_not_found');
  return cluster;
}

/**
 * Creates the termination of a cluster contract. Managers only (§6); one per contract (§4, 409
 * `errors.termination_exists`); the contract row is locked so two requests cannot both create one.
 */
export async function createClusterTermination(em: EntityManager, ports: BillingPorts, actor: User, clusterId: number, input: TerminationInput): Promise<ClusterTermination> {
  validate(input, dayOf(ports.clock.now()));
  const termination = await em.transactional(async (tx) => {
    const cluster = await lockedContract(tx, clusterId);
    if (await currentTermination(tx, clusterId)) throw Conflict('errors.termination_exists');
    if (cluster.status !== 'active') throw Conflict('errors.contract_not_terminable');
    const now = ports.clock.now();
    const t = tx.create(ClusterTermination, {
      cluster,
      status: 'in_termination',
      ...terminationDates(input.endOfTerm),
      reason: input.reason ?? null,
      reasonText: input.reasonText?.trim() || null,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    } as ClusterTermination);
    cluster.status = contractStatusFor('in_termination');
    recordAudit(tx, ports.clock, { action: 'termination.created', actor: actorOf(actor), details: { clusterId, clusterNumber: cluster.number, endOfTerm: t.endOfTerm } });
    return t;
  });
  await notifyManagers(em, ports, termination, 'created');
  return termination;
}

/** Runs one transition (edit, abort, confirm) of a termination, enforced by the state machine. */
export async function changeClusterTermination(
  em: EntityManager,
  ports: BillingPorts,
  actor: User,
  clusterId: number,
  terminationId: number,
  action: TerminationAction,
  input?: TerminationInput,
): Promise<ClusterTermination> {
  if (action === 'edit') validate(input!, dayOf(ports.clock.now()));
  const termination = await em.transactional(async (tx) => {
    const cluster = await lockedContract(tx, clusterId);
    const t = await tx.findOne(ClusterTermination, { id: terminationId, cluster: clusterId }, { refresh: true });
    if (!t || t.status === 'aborted') throw NotFound('errors.termination_not_found');
    t.status = nextTerminationStatus(t.status, action);
    const now = ports.clock.now();
    t.updatedAt = now;
    if (action === 'edit' && input) {
      Object.assign(t, terminationDates(input.endOfTerm));
      t.reason = input.reason ?? null;
      t.reasonText = input.reasonText?.trim() || null;
    }
    if (action === 'abort') t.abortedAt = now;
    if (action === 'confirm') t.confirmedAt = now;
    cluster.status = contractStatusFor(t.status);
    const verb = action === 'edit' ? 'updated' : action === 'abort' ? 'aborted' : 'confirmed';
    recordAudit(tx, ports.clock, { action: `termination.${verb}`, actor: actorOf(actor), details: { clusterId, clusterNumber: cluster.number, terminationId, endOfTerm: t.endOfTerm } });
    return t;
  });
  await notifyManagers(em, ports, termination, action === 'edit' ? 'updated' : action === 'abort' ? 'aborted' : 'confirmed');
  return termination;
}

/**
 * Completes terminated cluster contracts whose deletion date has passed (status `completed`, audited).
 * Runs when contracts are read, like the domain terminations, so the status never lags the clock for
 * whoever looks; the row lock and the status check make sure only one reader completes a contract.
 */
export async function settleCompletedClusterContracts(em: EntityManager, ports: Pick<BillingPorts, 'clock'>): Promise<number> {
  const today = dayOf(ports.clock.now());
  const due = await em.find(ClusterTermination, { status: 'confirmed', deletionOn: { $lt: today }, cluster: { status: 'terminated' } }, { fields: ['id', 'cluster'] });
  let completed = 0;
  for (const { cluster } of due) {
    const done = await em.transactional(async (tx) => {
      const contract = await lockedContract(tx, cluster.id);
      const t = await currentTermination(tx, contract.id);
      if (contract.status !== 'terminated' || !t || !isContractCompleted(t, today)) return false;
      contract.status = 'completed';
      recordAudit(tx, ports.clock, { action: 'contract.completed', actor: null, details: { clusterId: contract.id, clusterNumber: contract.number, terminationId: t.id, deletionOn: t.deletionOn } });
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

/** Only managers of the customer terminate contracts (§6); administrators see, but may not change them. */
export function assertMayTerminate(access: { isManager: boolean }): void {
  if (!access.isManager) throw NotAllowed('errors.termination_managers_only');
}

/** E-mails every active manager of the contract's customer about a termination change (after commit). */
async function notifyManagers(em: EntityManager, ports: BillingPorts, t: ClusterTermination, event: 'created' | 'updated' | 'aborted' | 'confirmed'): Promise<void> {
  const cluster = await em.findOneOrFail(Cluster, { id: t.cluster.id });
  const managers = await em.find(CustomerManager, { customer: cluster.customer.id, active: true }, { populate: ['user'] });
  for (const m of managers) {
    try {
      await ports.mailer.send(
        { email: m.user.email, language: m.user.language === 'en' ? 'en' : 'de', firstname: m.user.firstname, surname: m.user.surname },
        { kind: 'clusterTermination', event, contractNumber: cluster.number, contractName: cluster.name, endOfTerm: t.endOfTerm, shutdownOn: t.shutdownOn, deletionOn: t.deletionOn },
      );
    } catch (error) {
      // The change is committed; a failed notice is logged, not turned into an error for the user.
      ports.logger?.warn({ err: error, terminationId: t.id }, 'termination mail failed');
    }
  }
}
