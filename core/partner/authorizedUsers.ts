import type { EntityManager } from '@mikro-orm/core';
import { normalizeEmail, type User } from '../accounts/index.ts';
import { CustomerManager } from '../customers/index.ts';
import { Conflict, NotFound, recordAudit, ValidationFailed, type Clock } from '../platform/index.ts';
import type { Partner } from './Partner.ts';
import { PartnerUser } from './Partner.ts';
import { PartnerContract } from './PartnerContract.ts';

export interface PartnerTeam {
  /** Partner managers and authorised users, by surname. */
  members: PartnerUser[];
  /** Active managers of the partner's customers who are not yet members (who may be added). */
  candidates: User[];
}

/** The partner's customers: its own customer account and the customers it referred. */
async function partnerCustomerIds(em: EntityManager, partner: Partner): Promise<number[]> {
  const contracts = await em.find(PartnerContract, { partner: partner.id });
  return [...new Set([...(partner.customer ? [partner.customer.id] : []), ...contracts.map((c) => c.customer.id)])];
}

/** The authorised-users screen (§2): members of the partner authorisation and the managers who may be added. */
export async function partnerTeam(em: EntityManager, partner: Partner): Promise<PartnerTeam> {
  const members = await em.find(PartnerUser, { partner: partner.id }, { populate: ['user'], orderBy: { role: 'desc', user: { surname: 'asc', firstname: 'asc' } } });
  const customerIds = await partnerCustomerIds(em, partner);
  const managers = customerIds.length
    ? await em.find(CustomerManager, { customer: { $in: customerIds }, active: true }, { populate: ['user'], orderBy: { user: { surname: 'asc', firstname: 'asc' } } })
    : [];
  const memberIds = new Set(members.map((m) => m.user.id));
  const candidates = [...new Map(managers.filter((m) => !memberIds.has(m.user.id)).map((m) => [m.user.id, m.user])).values()];
  return { members, candidates };
}

/**
 * Adds an active manager of one of the partner's customers to the partner authorisation (§6). The user
 * becomes a partner manager (flag `is_partner`): they see the partner area, and while they hold it they
 * cannot be removed as manager of a customer (§5, the customers module's removal rule). Anybody else is
 * a field error (422), an existing member a conflict (409).
 */
export async function addAuthorizedUser(em: EntityManager, clock: Clock, partner: Partner, actor: User, emailIn: string): Promise<PartnerUser> {
  const email = normalizeEmail(emailIn);
  const team = await partnerTeam(em, partner);
  if (team.members.some((m) => m.user.email === email)) throw Conflict('errors.partner_user_exists');
  const user = team.candidates.find((u) => u.email === email);
  if (!user) throw ValidationFailed({ email: ['errors.partner_user_not_customer_manager'] });
  user.isPartner = true;
  const member = em.create(PartnerUser, { partner, user, role: 'authorized' } as PartnerUser);
  recordAudit(em, clock, { action: 'partner.user_added', actor, subject: user, details: { partnerId: partner.id, partnerNumber: partner.number } });
  await em.flush();
  return member;
}

/**
 * Removes an authorised user from the partner authorisation. The partner's own managers cannot be
 * removed here (409 `errors.partner_manager_not_removable`). The flag `is_partner` goes when the user
 * belongs to no other partner, so they may then be removed as a customer's manager again.
 */
export async function removeAuthorizedUser(em: EntityManager, clock: Clock, partner: Partner, actor: User, userId: number): Promise<void> {
  const member = await em.findOne(PartnerUser, { partner: partner.id, user: userId }, { populate: ['user'] });
  if (!member) throw NotFound('errors.partner_user_not_found');
  if (member.role === 'manager') throw Conflict('errors.partner_manager_not_removable');
  em.remove(member);
  const others = await em.count(PartnerUser, { user: userId, partner: { $ne: partner.id } });
  if (!others) member.user.isPartner = false;
  recordAudit(em, clock, { action: 'partner.user_removed', actor, subject: member.user, details: { partnerId: partner.id, partnerNumber: partner.number } });
  await em.flush();
}
