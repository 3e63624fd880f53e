import type { EntityManager } from '@mikro-orm/core';
import { NotAllowed, NotFound } from '../platform/index.ts';
import { type Partner, PartnerUser, type PartnerRole } from './Partner.ts';

export interface PartnerAccess {
  partner: Partner;
  role: PartnerRole;
}

/** The partners a user belongs to (partner manager or authorised user, §6), by partner number. */
export async function partnersOf(em: EntityManager, userId: number): Promise<PartnerAccess[]> {
  const rows = await em.find(PartnerUser, { user: userId }, { populate: ['partner'], orderBy: { partner: { number: 'asc' } } });
  return rows.map((r) => ({ partner: r.partner, role: r.role }));
}

/**
 * A partner of the caller; anybody else gets 404 `errors.partner_not_found`, like the partner area's
 * route guard shows non-partners the 404 page (§5), so a foreign partner looks like an unknown one.
 */
export async function findPartnerAccess(em: EntityManager, userId: number, partnerId: number): Promise<PartnerAccess> {
  const row = await em.findOne(PartnerUser, { user: userId, partner: partnerId }, { populate: ['partner'] });
  if (!row) throw NotFound('errors.partner_not_found');
  return { partner: row.partner, role: row.role };
}

/** The caller's partners, at least one; a user who is no partner's member gets 404 `errors.partner_not_found`. */
export async function requirePartnerMember(em: EntityManager, userId: number): Promise<PartnerAccess[]> {
  const all = await partnersOf(em, userId);
  if (!all.length) throw NotFound('errors.partner_not_found');
  return all;
}

/** Changes to the partner authorisation are for the partner's managers, not for authorised users (403). */
export function assertPartnerManager(access: PartnerAccess): void {
  if (access.role !== 'manager') throw NotAllowed('errors.partner_managers_only');
}
