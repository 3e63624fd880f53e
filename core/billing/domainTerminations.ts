import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { SecretBox, User } from '../accounts/index.ts';
import { managedCustomerIds } from '../clusters/index.ts';
import { CustomerManager } from '../customers/index.ts';
import { afterCommit, Conflict, recordAudit, ValidationFailed, type Clock, type Logger, type Mailer } from '../platform/index.ts';
import { dayOf } from './calendar.ts';
import { DomainContract } from './DomainContract.ts';
import { authCodeValidUntil, domainTerminationOn, generateAuthCode, isAuthCodeExpired, isTerminationEffective, needsManualTermination } from './domainTerminationRules.ts';

export interface DomainTerminationPorts {
  clock: Clock;
  mailer: Mailer;
  /** Encrypts the transfer code at rest. */
  box: SecretBox;
  logger?: Logger;
}

/** The transfer code as the API shows it, or null while the termination is not effective. */
export interface AuthCodeView {
  code: string;
  generatedAt: Date;
  validUntil: Date;
  expired: boolean;
}

const sealContext = (contractId: number) => `domain-auth-code:${contractId}`;
const actorOf = (user: User) => ({ id: user.id, email: user.email });

/** Whether a manager may terminate this domain contract in the portal now. */
export const mayTerminateDomain = (d: DomainContract): boolean => d.status === 'active' && !needsManualTermination(d.domain);

/** The transfer code of a contract whose termination is effective; null otherwise. */
export function authCodeOf(d: DomainContract, box: SecretBox, now: Date): AuthCodeView | null {
  if (d.status !== 'terminated' || !d.authCodeSealed || !d.authCodeGeneratedAt || !d.authCodeValidUntil) return null;
  return {
    code: box.open(d.authCodeSealed, sealContext(d.id)),
    generatedAt: d.authCodeGeneratedAt,
    validUntil: d.authCodeValidUntil,
    expired: isAuthCodeExpired(d.authCodeValidUntil, now),
  };
}

async function locked(tx: EntityManager, contractId: number): Promise<DomainContract> {
  return tx.findOneOrFail(DomainContract, { id: contractId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['customer'] });
}

/**
 * Terminates a domain contract (§4/§5): the user ticked the confirmation checkbox (R5.038); the
 * termination takes effect at the end of the registration period (R4.017). `.co.uk`/`.uk` domains are
 * refused (R5.030, terminated manually). The caller has checked that the user manages the customer.
 */
export async function requestDomainTermination(em: EntityManager, ports: DomainTerminationPorts, actor: User, contractId: number, input: { confirmed: boolean }): Promise<DomainContract> {
  if (input.confirmed !== true) throw ValidationFailed({ confirmed: ['errors.domain_termination_confirmation_required'] });
  const contract = await em.transactional(async (tx) => {
    const d = await locked(tx, contractId);
    if (needsManualTermination(d.domain)) throw Conflict('errors.domain_termination_manual');
    if (d.status === 'in_termination' || d.terminationOn) throw Conflict('errors.termination_exists');
    if (d.status !== 'active') throw Conflict('errors.contract_not_terminable');
    d.status = 'in_termination';
    d.terminationOn = domainTerminationOn(d.registrationEndsOn);
    d.terminationRequestedAt = ports.clock.now();
    recordAudit(tx, ports.clock, { action: 'domain_termination.created', actor: actorOf(actor), details: { contractId, contractNumber: d.number, domain: d.domain, terminationOn: d.terminationOn } });
    return { d, recipients: await managersOf(tx, d) };
  });
  await afterCommit(() => notifyManagers(ports, contract.recipients, contract.d, 'created', null));
  return contract.d;
}

/** Issues a new transfer code (requested anew, R4.017) for a contract whose termination is effective. */
export async function renewAuthCode(em: EntityManager, ports: DomainTerminationPorts, actor: User, contractId: number): Promise<DomainContract> {
  let code = '';
  const contract = await em.transactional(async (tx) => {
    const d = await locked(tx, contractId);
    if (d.status !== 'terminated') throw Conflict('errors.auth_code_not_available');
    code = issueCode(d, ports);
    recordAudit(tx, ports.clock, { action: 'domain_termination.auth_code_renewed', actor: actorOf(actor), details: { contractId, contractNumber: d.number, domain: d.domain } });
    return { d, recipients: await managersOf(tx, d) };
  });
  await afterCommit(() => notifyManagers(ports, contract.recipients, contract.d, 'authCodeRenewed', code));
  return contract.d;
}

function issueCode(d: DomainContract, ports: DomainTerminationPorts): string {
  const code = generateAuthCode();
  const now = ports.clock.now();
  d.authCodeSealed = ports.box.seal(code, sealContext(d.id));
  d.authCodeGeneratedAt = now;
  d.authCodeValidUntil = authCodeValidUntil(now);
  return code;
}

/**
 * Makes due domain terminations of the user's customers effective: status `terminated`, a transfer code
 * is generated and e-mailed to the customer's managers (R4.017). Runs when contracts are read (list,
 * detail), so the state never lags the clock for whoever looks; the row lock and the status check make
 * sure only one reader generates and mails the code.
 */
export async function settleDueDomainTerminations(em: EntityManager, ports: DomainTerminationPorts, userId: number): Promise<void> {
  const customers = await managedCustomerIds(em, userId);
  if (!customers.length) return;
  const today = dayOf(ports.clock.now());
  // Also contracts that are terminated but have no code (taken over as terminated, e.g. from the legacy
  // interface or the demo data): their code is issued and mailed now, so it is shown without asking anew.
  const due = await em.find(
    DomainContract,
    { customer: { $in: customers }, $or: [{ status: 'in_termination', terminationOn: { $lt: today } }, { status: 'terminated', authCodeSealed: null }] },
    { fields: ['id', 'terminationOn'] },
  );
  for (const { id } of due) {
    const settled = await em.transactional(async (tx) => {
      const d = await locked(tx, id);
      const withoutCode = d.status === 'terminated' && !d.authCodeSealed;
      if (!withoutCode && (d.status !== 'in_termination' || !d.terminationOn || !isTerminationEffective(d.terminationOn, today))) return null;
      d.status = 'terminated';
      const code = issueCode(d, ports);
      recordAudit(tx, ports.clock, { action: 'domain_termination.effective', actor: null, details: { contractId: d.id, contractNumber: d.number, domain: d.domain } });
      return { d, code, recipients: await managersOf(tx, d) };
    });
    if (settled) await afterCommit(() => notifyManagers(ports, settled.recipients, settled.d, 'effective', settled.code));
  }
}

type Recipient = Parameters<Mailer['send']>[0];

/** The active managers of the contract's customer, read inside the transaction (the mail goes after commit). */
async function managersOf(em: EntityManager, d: DomainContract): Promise<Recipient[]> {
  const managers = await em.find(CustomerManager, { customer: d.customer.id, active: true }, { populate: ['user'] });
  return managers.map((m) => ({ email: m.user.email, language: m.user.language === 'en' ? 'en' : 'de', firstname: m.user.firstname, surname: m.user.surname }));
}

/** E-mails the managers (after commit); a failed mail is logged only. */
async function notifyManagers(ports: DomainTerminationPorts, recipients: Recipient[], d: DomainContract, event: 'created' | 'effective' | 'authCodeRenewed', code: string | null): Promise<void> {
  const template = { kind: 'domainTermination', event, contractNumber: d.number, domain: d.domain, terminationOn: d.terminationOn ?? d.registrationEndsOn, authCode: code, validUntil: d.authCodeValidUntil?.toISOString() ?? null } as const;
  for (const r of recipients) {
    try {
      await ports.mailer.send(r, template);
    } catch (error) {
      ports.logger?.warn({ err: error, contractId: d.id }, 'domain termination mail failed');
    }
  }
}
