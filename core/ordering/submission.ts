import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { User } from '../accounts/index.ts';
import { CustomerManager, findManagedCustomer, type PaymentProvider } from '../customers/index.ts';
import { createOrderingCustomer } from './newCustomer.ts';
import { Conflict, ValidationFailed, type Clock } from '../platform/index.ts';
import { clusterDetailsOf, clusterDraftErrors, clusterOrderPrice, type ClusterOrderDraft } from './clusterOrder.ts';
import { Order } from './Order.ts';
import { OrderIdempotencyKey } from './OrderIdempotencyKey.ts';
import { loadPriceTable } from './pricing.ts';

export const IDEMPOTENCY_KEY_MAX = 255;

/** JSON with sorted keys, so the same body always gives the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The fingerprint of a request body (sha256 of its canonical JSON). */
export const requestFingerprint = (body: unknown): string => createHash('sha256').update(canonical(body)).digest('hex');

/** A usable key: 1 to 255 visible ASCII characters (the draft recommends a UUID). */
export function idempotencyKeyError(key: string | undefined): string | undefined {
  if (!key) return 'validation.required';
  if (key.length > IDEMPOTENCY_KEY_MAX) return 'validation.maxLength';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'validation.pattern';
  return undefined;
}

export interface Submitted {
  order: Order;
  /** True when the key was used before with the same body: the stored answer is given again, nothing new is created. */
  replayed: boolean;
}

/**
 * Claims an idempotency key inside the caller's transaction. `INSERT … ON CONFLICT DO NOTHING` on the
 * unique (user, key) waits for a concurrent claim of the same key to commit or roll back; so of many
 * concurrent identical submissions exactly one creates the order and the others read its answer.
 * Returns the claim's id, or the earlier answer (same body) — a different body is refused with 422.
 */
export async function claimKey(em: EntityManager, userId: number, key: string, fingerprint: string, now: Date): Promise<{ claimId: number } | { order: Order }> {
  const sql = em as SqlEntityManager;
  const inserted = await sql.execute<{ id: number }[]>(
    'insert into "order_idempotency_keys" ("user_id", "key", "request_hash", "created_at") values (?, ?, ?, ?) on conflict ("user_id", "key") do nothing returning "id"',
    [userId, key, fingerprint, now],
  );
  if (inserted.length) return { claimId: inserted[0].id };
  const earlier = await em.findOneOrFail(OrderIdempotencyKey, { user: userId, key }, { refresh: true });
  if (earlier.requestHash !== fingerprint) throw ValidationFailed({ idempotencyKey: ['errors.idempotency_key_reused'] }, 'errors.idempotency_key_reused');
  if (!earlier.order) throw Conflict('errors.order_in_progress');
  return { order: await em.findOneOrFail(Order, { id: earlier.order.id }, { populate: ['customer', 'cluster', 'orderedBy'], refresh: true }) };
}

/** The next order id and its number (`B-` and six digits or more), taken from the table's sequence. */
async function nextOrderIdentity(em: EntityManager): Promise<{ id: number; number: string }> {
  const [row] = await (em as SqlEntityManager).execute<{ id: string | number }[]>(`select nextval(pg_get_serial_sequence('orders', 'id')) as "id"`);
  const id = Number(row.id);
  return { id, number: `B-${100000 + id}` };
}

/** Creates an order row (demo data and submissions). */
export async function createOrderRow(em: EntityManager, data: Omit<Order, 'id' | 'number' | 'customer' | 'orderedBy' | 'cluster'> & { customer: number; orderedBy: number | null; cluster?: number | null; number?: string }): Promise<Order> {
  const identity = await nextOrderIdentity(em);
  const order = em.create(Order, { ...data, id: identity.id, number: data.number ?? identity.number } as unknown as Order);
  await em.flush();
  return order;
}

/**
 * Submits a cluster order (§2 cluster order wizard), idempotently per `Idempotency-Key`. Checks every
 * step, that the user manages the customer (§6: managers order; others get 404 like an unknown
 * customer), prices it from the price list and stores it as `pending` for the provisioning job.
 */
export async function submitClusterOrder(
  em: EntityManager,
  clock: Clock,
  userId: number,
  key: string | undefined,
  draft: ClusterOrderDraft,
  /** Needed for a new customer paying by credit card (its token is redeemed). */
  paymentProvider?: PaymentProvider,
): Promise<Submitted> {
  const keyError = idempotencyKeyError(key);
  if (keyError) throw ValidationFailed({ idempotencyKey: [keyError] });
  const now = clock.now();
  const claim = await claimKey(em, userId, key!, requestFingerprint({ type: 'cluster', draft }), now);
  if ('order' in claim) return { order: claim.order, replayed: true };
  const errors = clusterDraftErrors(draft, 'order');
  if (Object.keys(errors).length) throw ValidationFailed(errors);
  // A new customer is created here, in the order's transaction; the ordering user becomes its manager.
  const customer = draft.newCustomer
    ? await createOrderingCustomer(em, clock, paymentProvider ?? refusingProvider, await em.findOneOrFail(User, { id: userId }), draft.newCustomer)
    : await findManagedCustomer(em, userId, draft.customerId!);
  const details = clusterDetailsOf(draft as Parameters<typeof clusterDetailsOf>[0]);
  const price = clusterOrderPrice(await loadPriceTable(em), details);
  const order = await createOrderRow(em, {
    type: 'cluster',
    status: 'pending',
    customer: customer.id,
    orderedBy: userId,
    orderedAt: now,
    updatedAt: now,
    details,
    priceLines: price.lines,
    monthlyNetCents: price.monthly.netCents,
    oneTimeNetCents: price.oneTime.netCents,
    domain: null,
    cluster: null,
    failureReason: null,
  });
  await (em as SqlEntityManager).execute('update "order_idempotency_keys" set "order_id" = ? where "id" = ?', [order.id, claim.claimId]);
  await em.populate(order, ['customer', 'orderedBy']);
  return { order, replayed: false };
}

/** Without a provider no card token can be redeemed (422 on the token). */
const refusingProvider: PaymentProvider = { redeemCardToken: () => Promise.resolve(undefined) };

/** The user who ordered and the customer's active managers, each once (confirmation e-mails). */
export async function orderRecipients(em: EntityManager, order: Order): Promise<User[]> {
  const managers = await em.find(CustomerManager, { customer: order.customer.id, active: true }, { populate: ['user'] });
  const users = new Map<number, User>();
  if (order.orderedBy) users.set(order.orderedBy.id, await em.findOneOrFail(User, { id: order.orderedBy.id }));
  for (const m of managers) users.set(m.user.id, m.user);
  return [...users.values()];
}
