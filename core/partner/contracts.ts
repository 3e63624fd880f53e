import type { EntityManager } from '@mikro-orm/core';
import type { Customer } from '../customers/index.ts';
import { commissionCents, levelFor, partnerContractStatus, type PartnerContractStatus } from './commissionRules.ts';
import { referredRevenue, revenueByYear } from './overview.ts';
import type { Partner } from './Partner.ts';
import { PartnerContract } from './PartnerContract.ts';

export const partnerContractSorts = ['number', '-number', 'customer', '-customer', 'from', '-from', 'to', '-to', 'status', '-status'] as const;
export type PartnerContractSort = (typeof partnerContractSorts)[number];

export interface PartnerContractRow {
  contract: PartnerContract;
  customer: Customer;
  status: PartnerContractStatus;
  /** The latest month of the term with revenue, and that revenue; null without any. */
  lastRevenue: { month: string; revenueCents: number } | null;
  /** Commission on that revenue at the level of its year. */
  commissionCents: number;
}

export interface PartnerContractQuery {
  search?: string;
  sort?: PartnerContractSort;
  page: number;
  perPage: number;
}

/**
 * One page of the partner's contracts (§2 partner contracts), searched by contract number or customer
 * (number or company) and sorted by a column. A partner has few contracts (tens to hundreds), so the
 * rows are built in memory once per request with their revenue from the billing module.
 */
export async function listPartnerContracts(
  em: EntityManager,
  partner: Partner,
  today: string,
  query: PartnerContractQuery,
): Promise<{ rows: PartnerContractRow[]; total: number }> {
  const contracts = await em.find(PartnerContract, { partner: partner.id }, { populate: ['customer'] });
  const revenue = contracts.length ? await referredRevenue(em, partner, contracts.map((c) => c.startsOn).sort()[0], today) : [];
  const levels = new Map([...revenueByYear(revenue)].map(([y, cents]) => [y, levelFor(cents)]));
  const term = query.search?.trim().toLowerCase();
  let rows: PartnerContractRow[] = contracts
    .filter((c) => !term || c.number.toLowerCase().includes(term) || c.customer.company.toLowerCase().includes(term) || String(c.customer.number).includes(term))
    .map((contract) => {
      const inTerm = revenue.filter(
        (r) => r.customerId === contract.customer.id && r.month >= contract.startsOn.slice(0, 7) && (contract.endsOn == null || r.month <= contract.endsOn.slice(0, 7)),
      );
      const last = inTerm.at(-1);
      const lastRevenue = last ? { month: last.month, revenueCents: inTerm.filter((r) => r.month === last.month).reduce((a, r) => a + r.netCents, 0) } : null;
      return {
        contract,
        customer: contract.customer,
        status: partnerContractStatus(contract, today),
        lastRevenue,
        commissionCents: lastRevenue ? commissionCents(lastRevenue.revenueCents, levels.get(Number(lastRevenue.month.slice(0, 4))) ?? 'bronze') : 0,
      };
    });
  const sort = query.sort ?? 'number';
  const key = (r: PartnerContractRow): string | number => {
    switch (sort.replace(/^-/, '')) {
      case 'customer':
        return r.customer.company.toLowerCase();
      case 'from':
        return r.contract.startsOn;
      case 'to':
        return r.contract.endsOn ?? '9999-12-31';
      case 'status':
        return r.status;
      default:
        return r.contract.number;
    }
  };
  const dir = sort.startsWith('-') ? -1 : 1;
  rows = rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.contract.number < b.contract.number ? -1 : 1) * dir;
  });
  const start = (query.page - 1) * query.perPage;
  return { rows: rows.slice(start, start + query.perPage), total: rows.length };
}
