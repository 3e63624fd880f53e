import type { EntityManager } from '@mikro-orm/core';
import { Cluster } from '../clusters/index.ts';
import { ClusterAdministrator } from '../clusters/index.ts';
import { managedCustomerIds } from '../clusters/index.ts';
import { CustomerManager } from '../customers/index.ts';
import { DomainContract } from './DomainContract.ts';
import { clusterMonthlyPrice } from './pricing.ts';
import { withVat, type Amounts } from './money.ts';

export const contractTypes = ['cluster', 'domain'] as const;
export type ContractType = (typeof contractTypes)[number];
export const contractSortFields = ['number', 'name', 'type', 'status', 'start'] as const;
export type ContractSortField = (typeof contractSortFields)[number];

export interface ContractQuery {
  search?: string;
  type?: ContractType;
  status?: Cluster['status'];
  sort?: ContractSortField;
  direction?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** One line of the contract list: a cluster or a domain contract. */
export interface ContractRow {
  type: ContractType;
  id: number;
  number: string;
  /** Cluster name, or the domain. */
  name: string;
  status: Cluster['status'];
  start: string;
  customer: { id: number; number: number; company: string };
  role: 'manager' | 'administrator';
  /** The regular price: monthly for clusters, yearly for domains. */
  price: Amounts;
  period: 'month' | 'year';
}

/**
 * The contracts a user can see (§6): every cluster and domain contract of a customer they manage, and
 * the cluster contracts they administrate. Contracts per customer are few (tens), so filtering,
 * sorting and paging run on the visible set in memory; invoices, which are many, page in SQL.
 */
export async function listContracts(em: EntityManager, userId: number, query: ContractQuery): Promise<{ items: ContractRow[]; total: number }> {
  const customers = await managedCustomerIds(em, userId);
  const administrated = (await em.find(ClusterAdministrator, { user: userId }, { fields: ['cluster'] })).map((a) => a.cluster.id);
  const rows: ContractRow[] = [];
  if (query.type !== 'domain' && (customers.length || administrated.length)) {
    const clusters = await em.find(
      Cluster,
      { $or: [...(customers.length ? [{ customer: { $in: customers } }] : []), ...(administrated.length ? [{ id: { $in: administrated } }] : [])] },
      { populate: ['customer'] },
    );
    for (const c of clusters)
      rows.push({
        type: 'cluster',
        id: c.id,
        number: c.number,
        name: c.name,
        status: c.status,
        start: c.contractStart.toISOString().slice(0, 10),
        customer: { id: c.customer.id, number: c.customer.number, company: c.customer.company },
        role: customers.includes(c.customer.id) ? 'manager' : 'administrator',
        price: clusterMonthlyPrice(c),
        period: 'month',
      });
  }
  if (query.type !== 'cluster' && customers.length) {
    const domains = await em.find(DomainContract, { customer: { $in: customers } }, { populate: ['customer'] });
    for (const d of domains)
      rows.push({
        type: 'domain',
        id: d.id,
        number: d.number,
        name: d.domain,
        status: d.status,
        start: d.startOn,
        customer: { id: d.customer.id, number: d.customer.number, company: d.customer.company },
        role: 'manager',
        price: withVat(d.yearlyFeeCents + (d.premiumAnnualCents ?? 0)),
        period: 'year',
      });
  }
  const needle = query.search?.trim().toLocaleLowerCase('de');
  const filtered = rows.filter(
    (r) =>
      (!query.status || r.status === query.status) &&
      (!needle || r.number.toLocaleLowerCase('de').includes(needle) || r.name.toLocaleLowerCase('de').includes(needle) || r.customer.company.toLocaleLowerCase('de').includes(needle)),
  );
  const field = query.sort ?? 'number';
  const sign = query.direction === 'desc' ? -1 : 1;
  const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });
  const key = (r: ContractRow): string => (field === 'start' ? r.start : field === 'name' ? r.name : field === 'type' ? r.type : field === 'status' ? r.status : r.number);
  filtered.sort((a, b) => sign * collator.compare(key(a), key(b)) || collator.compare(a.number, b.number) || a.id - b.id);
  const offset = (query.page - 1) * query.perPage;
  return { items: filtered.slice(offset, offset + query.perPage), total: filtered.length };
}

export interface DomainAccess {
  contract: DomainContract;
  isManager: true;
}

/** A domain contract visible to a user (managers of its customer only); null otherwise, so ids are not probed. */
export async function findDomainContractAccess(em: EntityManager, userId: number, contractId: number): Promise<DomainAccess | null> {
  const contract = await em.findOne(DomainContract, { id: contractId }, { populate: ['customer'] });
  if (!contract) return null;
  const manages = await em.count(CustomerManager, { customer: contract.customer.id, user: userId, active: true });
  return manages ? { contract, isManager: true } : null;
}
