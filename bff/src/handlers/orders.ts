import { money, priceList, withVat } from '@portal/core/billing';
import {
  clusterCatalog,
  clusterDraftErrors,
  clusterOrderPrice,
  findOrder,
  listOrders,
  loadPriceTable,
  sendOrderMails,
  submitClusterOrder,
  type ClusterOrderDetails,
  type Order,
  type OrderPrice,
} from '@portal/core/ordering';
import { customerNotFound, findManagedCustomer, listManagedCustomersOf, LocalPaymentProvider } from '@portal/core/customers';
import { ValidationFailed, afterCommit } from '@portal/core/platform';
import type { Schemas } from '@portal/openapi';
import type { AppDeps } from '../deps.ts';
import { defineAuthorizers, defineHandlers, type PreAuthorizer } from '../openapi/handlers.ts';
import { presentAmounts } from './billingPresenters.ts';
import { orderProvisioningOf } from './ordersProvisioning.ts';
import { presentDomainOrderDetails } from './ordersDomainPresenters.ts';
import { presentCertificateDetails } from './ordersCertificatePresenters.ts';

export const presentPrice = (p: OrderPrice): Schemas['OrderPrice'] => ({
  lines: p.lines.map((l) => ({
    code: l.code,
    quantity: l.quantity,
    unitPrice: money(l.unitCents),
    net: money(l.netCents),
    period: l.period,
  })),
  monthly: presentAmounts(p.monthly),
  oneTime: presentAmounts(p.oneTime),
});

const presentClusterDetails = (d: ClusterOrderDetails): Schemas['ClusterOrderDetails'] => ({
  architecture: d.architecture,
  sla: d.sla,
  cpu: d.cpu,
  ramGb: d.ramGb,
  nvmeSsdGb: d.nvmeSsdGb,
  nvmeStorageGb: d.nvmeStorageGb,
  additionalIpv4: d.additionalIpv4,
  additionalIpv6: d.additionalIpv6,
  addons: d.addons,
  contractMode: d.contractMode,
  clusterName: d.clusterName,
  referenceSign: d.referenceSign,
  ...(d.newCustomer ? { newCustomer: d.newCustomer } : {}),
});

/** An order as stored: its amounts are the ones computed when it was ordered (the summary equals them). */
export const presentOrder = (o: Order): Schemas['Order'] => {
  const lines = o.priceLines;
  const monthly = lines.filter((l) => l.period === 'month').reduce((a, l) => a + l.netCents, 0);
  const oneTime = lines.filter((l) => l.period === 'once').reduce((a, l) => a + l.netCents, 0);
  if (monthly !== o.monthlyNetCents || oneTime !== o.oneTimeNetCents)
    throw new Error(`order ${o.number}: stored amounts differ from its lines`);
  return {
    type: o.type,
    number: o.number,
    status: o.status,
    orderedAt: o.orderedAt.toISOString(),
    customer: { id: o.customer.id, number: o.customer.number, company: o.customer.company },
    clusterNumber: o.cluster?.number ?? null,
    domain: o.domain ?? null,
    cluster: o.type === 'cluster' ? presentClusterDetails(o.details as ClusterOrderDetails) : null,
    ...(o.details.kind === 'domain' ? { domainOrder: presentDomainOrderDetails(o.details) } : {}),
    price: presentPrice({
      lines,
      monthly: { netCents: monthly, ...vatOf(monthly) },
      oneTime: { netCents: oneTime, ...vatOf(oneTime) },
    }),
    failureReason: o.failureReason ?? null,
    certificate: o.details.kind === 'certificate' ? presentCertificateDetails(o.details) : null,
  };
};

const vatOf = (net: number) => {
  const a = withVat(net);
  return { vatCents: a.vatCents, grossCents: a.grossCents };
};

/**
 * The answer to an order submission (every wizard): 201, and `Idempotent-Replayed` when the idempotency key
 * replayed an earlier answer; a new order is queued for provisioning and confirmed by e-mail after the commit.
 */
export async function orderSubmitted(
  deps: AppDeps,
  koa: { status: number; set(field: string, value: string): void },
  { order, replayed }: { order: Order; replayed: boolean },
): Promise<Schemas['Order']> {
  koa.status = 201;
  if (replayed) koa.set('Idempotent-Replayed', 'true');
  else
    await afterCommit(async () => {
      await orderProvisioningOf(deps)?.enqueue(order.id);
      await sendOrderMails(deps.orm.em.fork(), deps.mailer, deps.logger, order, 'confirmation');
    });
  return presentOrder(order);
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 2147483647;
const draftOf = (raw: unknown, wrapped: boolean): Record<string, unknown> | undefined => {
  const o = wrapped && raw && typeof raw === 'object' ? (raw as { draft?: unknown }).draft : raw;
  return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : undefined;
};

/**
 * The role check of an order, before its body is validated (issue 31): the customer the draft names must be
 * one the caller manages (404 `errors.customer_not_found`, as the handler answers), and for orders that need
 * an existing customer (`anyCustomer`) a caller who manages none is refused whatever the body holds.
 */
export const managerOfOrderCustomer =
  (options: { wrapped: boolean; anyCustomer: boolean }): PreAuthorizer =>
  async ({ em, user, rawBody }) => {
    const customerId = draftOf(rawBody, options.wrapped)?.customerId;
    if (isId(customerId)) await findManagedCustomer(em, user.id, customerId);
    else if (options.anyCustomer && !(await listManagedCustomersOf(em, user.id)).length) throw customerNotFound();
  };

export const orderAuthorizers = defineAuthorizers({
  quoteClusterOrder: managerOfOrderCustomer({ wrapped: true, anyCustomer: false }),
  createClusterOrder: managerOfOrderCustomer({ wrapped: false, anyCustomer: false }),
  quoteDomainOrder: managerOfOrderCustomer({ wrapped: true, anyCustomer: true }),
  createDomainOrder: managerOfOrderCustomer({ wrapped: false, anyCustomer: true }),
  quoteCertificateOrder: managerOfOrderCustomer({ wrapped: true, anyCustomer: true }),
  createCertificateOrder: managerOfOrderCustomer({ wrapped: false, anyCustomer: true }),
});

export const orderHandlers = defineHandlers({
  listOrders: async ({ em, user, query }) => ({
    data: (await listOrders(em, user.id, { type: query.type, search: query.search })).map(presentOrder),
  }),

  getOrder: async ({ em, user, params }) => presentOrder(await findOrder(em, user.id, params.orderType, params.orderNumber)),

  getClusterOrderCatalog: () => ({
    ...clusterCatalog,
    architectures: clusterCatalog.architectures.map((a) => ({
      id: a.id,
      ranges: {
        cpu: [...a.ranges.cpu],
        ramGb: [...a.ranges.ramGb],
        nvmeSsdGb: [...a.ranges.nvmeSsdGb],
        nvmeStorageGb: [...a.ranges.nvmeStorageGb],
      },
    })),
    includedTrafficTb: priceList.includedTrafficTb,
  }),

  quoteClusterOrder: async ({ em, user, body }) => {
    const errors = clusterDraftErrors(body.draft, body.step);
    if (Object.keys(errors).length) throw ValidationFailed(errors);
    if (!body.draft.newCustomer) await findManagedCustomer(em, user.id, body.draft.customerId!);
    return { price: presentPrice(clusterOrderPrice(await loadPriceTable(em), body.draft)) };
  },

  createClusterOrder: async ({ em, user, body, deps, koa }) => {
    return orderSubmitted(
      deps,
      koa,
      await submitClusterOrder(
        em,
        deps.clock,
        user.id,
        koa.get('Idempotency-Key') || undefined,
        body,
        new LocalPaymentProvider(em, deps.clock),
      ),
    );
  },
});
