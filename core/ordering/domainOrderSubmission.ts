import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { DomainContract } from '../billing/index.ts';
import { Cluster } from '../clusters/index.ts';
import { DomainHandle, findManagedCustomer, type Customer } from '../customers/index.ts';
import { ValidationFailed, type Clock, type FieldErrors } from '../platform/index.ts';
import {
  annualFeeOf,
  availabilityError,
  domainDetailsOf,
  domainDraftErrors,
  domainOrderPrice,
  domainOrderSteps,
  locallyTaken,
  orderableTlds,
  ownerHandleError,
  parseDomain,
  type DomainAvailabilityPort,
  type DomainOrderDraft,
  type DomainOrderStep,
  type OrderedHandle,
  type ParsedDomain,
} from './domainOrder.ts';
import { ACTIVE_DOMAIN_ORDER_INDEX, Order } from './Order.ts';
import { loadPriceTable, type OrderPrice } from './pricing.ts';
import { claimKey, createOrderRow, idempotencyKeyError, requestFingerprint, type Submitted } from './submission.ts';

/**
 * The local adapter of the registry port: deterministic rules (seeded taken names, see
 * `locallyTaken`) plus the domains this portal already holds as a contract or an open order.
 */
export function localDomainAvailability(em: EntityManager): DomainAvailabilityPort {
  return {
    async check(asciiDomain) {
      const contracts = await em.count(DomainContract, { domain: asciiDomain, status: { $nin: ['terminated', 'completed', 'cancelled', 'failed'] } });
      const orders = await em.count(Order, { type: 'domain', domain: asciiDomain, status: { $nin: ['declined', 'cancelled', 'preparation_failed'] } });
      return locallyTaken(asciiDomain, new Set(contracts || orders ? [asciiDomain] : [])) ? 'taken' : 'available';
    },
  };
}

/** What a checked draft resolved to (the steps reached so far). */
export interface CheckedDomainDraft {
  customer: Customer;
  cluster?: Cluster;
  parsed?: ParsedDomain;
  owner?: DomainHandle;
  admin?: DomainHandle;
  price: OrderPrice;
  annualFeeCents: number;
}

const handleName = (h: DomainHandle) => (h.kind === 'company' && h.company ? h.company : `${h.firstname} ${h.surname}`);
const ordered = (h: DomainHandle): OrderedHandle => ({ id: h.id, handle: h.handle, name: handleName(h) });

/**
 * Checks every step of a domain order up to `upTo` (422 with field errors, nothing written): the
 * draft's own rules, that the caller manages the customer (404 otherwise, §6), that the cluster is
 * the customer's with an active contract, the domain's availability for the mode (register a free
 * one, transfer a registered one), and that both handles are the customer's with the `.se` owner
 * rules (§5, §8). Prices the order from the price list.
 */
export async function checkDomainDraft(em: EntityManager, userId: number, draft: DomainOrderDraft, upTo: DomainOrderStep, availability: DomainAvailabilityPort): Promise<CheckedDomainDraft> {
  const table = await loadPriceTable(em);
  const tlds = orderableTlds(table);
  const errors: FieldErrors = domainDraftErrors(draft, tlds, upTo);
  if (errors.customerId) throw ValidationFailed(errors);
  const customer = await findManagedCustomer(em, userId, draft.customerId!);
  const reached = (s: DomainOrderStep) => domainOrderSteps.indexOf(upTo) >= domainOrderSteps.indexOf(s);
  const result: CheckedDomainDraft = { customer, price: domainOrderPrice(table, draft), annualFeeCents: 0 };
  if (reached('cluster') && !errors.clusterId) {
    const cluster = await em.findOne(Cluster, { id: draft.clusterId!, customer: customer.id, status: 'active' });
    if (!cluster) errors.clusterId = ['errors.order_cluster_not_active'];
    else result.cluster = cluster;
  }
  if (reached('domain') && !errors.domain) {
    const parsed = parseDomain(draft.domain!, tlds) as ParsedDomain;
    result.parsed = parsed;
    result.annualFeeCents = annualFeeOf(table, parsed.tld);
    if (draft.mode && !errors.mode) {
      const unsuitable = availabilityError(draft.mode, await availability.check(parsed.ascii));
      if (unsuitable) errors.domain = [unsuitable];
    }
  }
  if (reached('handle')) {
    const lookup = async (field: 'ownerHandleId' | 'adminHandleId') => {
      if (errors[field]) return undefined;
      const handle = await em.findOne(DomainHandle, { id: draft[field]!, customer: customer.id });
      if (!handle) errors[field] = ['errors.handle_not_found'];
      return handle ?? undefined;
    };
    result.owner = await lookup('ownerHandleId');
    result.admin = await lookup('adminHandleId');
    const seError = result.owner && result.parsed ? ownerHandleError(result.parsed.tld, result.owner) : undefined;
    if (seError) errors.ownerHandleId = [seError];
  }
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  return result;
}

/**
 * Inserts a domain order. The partial unique index on live domain orders makes a concurrent second order
 * of the same domain wait for the first and then fail: that is the same answer as the availability check
 * gives once the first is committed (422 `errors.domain_taken`). The request's transaction is rolled back.
 */
async function createDomainOrderRow(em: EntityManager, data: Parameters<typeof createOrderRow>[1]): Promise<Order> {
  try {
    return await createOrderRow(em, data);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && error.message.includes(ACTIVE_DOMAIN_ORDER_INDEX)) throw ValidationFailed({ domain: ['errors.domain_taken'] });
    throw error;
  }
}

/**
 * Submits a domain order (§2 domain order wizard), idempotently per `Idempotency-Key` (same key and
 * body → the same order; another body → 422), through the submission code the cluster order uses.
 * Stored as `pending` for the provisioning job, priced from the price list.
 */
export async function submitDomainOrder(em: EntityManager, clock: Clock, userId: number, key: string | undefined, draft: DomainOrderDraft, availability: DomainAvailabilityPort): Promise<Submitted> {
  const keyError = idempotencyKeyError(key);
  if (keyError) throw ValidationFailed({ idempotencyKey: [keyError] });
  const now = clock.now();
  const claim = await claimKey(em, userId, key!, requestFingerprint({ type: 'domain', draft }), now);
  if ('order' in claim) return { order: claim.order, replayed: true };
  const checked = await checkDomainDraft(em, userId, draft, 'order', availability);
  const details = domainDetailsOf(draft, checked.parsed!, { id: checked.cluster!.id, number: checked.cluster!.number }, ordered(checked.owner!), ordered(checked.admin!), checked.annualFeeCents);
  const order = await createDomainOrderRow(em, {
    type: 'domain',
    status: 'pending',
    customer: checked.customer.id,
    orderedBy: userId,
    orderedAt: now,
    updatedAt: now,
    details,
    priceLines: checked.price.lines,
    monthlyNetCents: checked.price.monthly.netCents,
    oneTimeNetCents: checked.price.oneTime.netCents,
    domain: details.domain,
    cluster: null,
    failureReason: null,
  });
  await (em as SqlEntityManager).execute('update "order_idempotency_keys" set "order_id" = ? where "id" = ?', [order.id, claim.claimId]);
  await em.populate(order, ['customer', 'orderedBy']);
  return { order, replayed: false };
}
