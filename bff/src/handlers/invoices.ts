import {
  cachedInvoicePdf,
  centsToDecimal,
  findInvoice,
  findPublicInvoice,
  invoiceCustomerIds,
  issuePublicLink,
  listInvoices,
  money,
  publicLinkState,
  renderFacturX,
  renderXRechnung,
  type Invoice,
  type InvoiceLanguage,
  type InvoicePosition,
} from '@portal/core/billing';
import { NotFound } from '@portal/core/platform';
import type { Schemas } from '@portal/openapi';
import type { Context } from 'koa';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { consume } from '../http/rate-limits.ts';
import { defineHandlers } from '../openapi/handlers.ts';

/** Public invoice links per client address: 60 calls per 15 minutes (in process; tokens are 256 bit, this only stops scanning). */
const publicByClient = new RateLimiterMemory({ keyPrefix: 'invoice_public_client', points: 60, duration: 15 * 60 });

const customerOf = (c: Invoice['customer']) => ({ id: c.id, number: c.number, company: c.company });

const unitPrice = (unitPrice4: number): string => {
  const sign = unitPrice4 < 0 ? '-' : '';
  const abs = Math.abs(unitPrice4);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')}`;
};

export const presentInvoiceSummary = (i: Invoice): Schemas['InvoiceSummary'] => ({
  id: i.id,
  number: i.number,
  issuedOn: i.issuedOn,
  dueOn: i.dueOn,
  status: i.status,
  paymentMethod: i.paymentMethod,
  net: money(i.netCents),
  vat: money(i.vatCents),
  gross: money(i.grossCents),
  customer: customerOf(i.customer),
});

function presentInvoiceDetail(i: Invoice, positions: InvoicePosition[], now: Date): Schemas['InvoiceDetail'] {
  return {
    ...presentInvoiceSummary(i),
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    positions: positions.map((p) => ({
      position: p.position,
      kind: p.kind,
      subject: p.subject,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      quantity: p.quantity,
      unit: p.unit,
      unitPrice: unitPrice(p.unitPrice4),
      net: { amount: centsToDecimal(p.netCents), currency: 'EUR' },
    })),
    publicLink: { state: publicLinkState(i, now), expiresAt: i.publicExpiresAt?.toISOString() ?? null },
  };
}

async function sendPdf(koa: Context, invoice: Invoice, positions: InvoicePosition[], language: InvoiceLanguage | undefined): Promise<never> {
  const lang = language ?? (invoice.customer.language === 'en' ? 'en' : 'de');
  const pdf = await cachedInvoicePdf(invoice, positions, invoice.customer, lang);
  koa.type = 'application/pdf';
  koa.set('Content-Disposition', `attachment; filename="${invoice.number}.pdf"`);
  koa.set('Cache-Control', 'private, no-store');
  return Buffer.from(pdf) as never;
}

async function publicInvoice(koa: Context, em: Parameters<typeof findPublicInvoice>[0], clock: Parameters<typeof findPublicInvoice>[1], token: string) {
  await consume(publicByClient, koa.ip);
  const found = await findPublicInvoice(em, clock, token);
  if (!found) throw NotFound('errors.invoice_not_found');
  return found;
}

export const invoiceHandlers = defineHandlers({
  listInvoices: async ({ em, user, query }) => {
    const perPage = query.per_page ?? 25;
    const page = await listInvoices(em, await invoiceCustomerIds(em, user.id), {
      perPage,
      cursor: query.cursor,
      search: query.search,
      status: query.status,
      sort: query.sort,
    });
    return { data: page.items.map(presentInvoiceSummary), meta: { perPage, total: page.total, totalCapped: page.totalCapped, nextCursor: page.nextCursor } };
  },

  getInvoice: async ({ em, user, params, deps }) => {
    const { invoice, positions } = await findInvoice(em, await invoiceCustomerIds(em, user.id), params.invoiceId);
    return presentInvoiceDetail(invoice, positions, deps.clock.now());
  },

  getInvoicePdf: async ({ em, user, params, query, koa }) => {
    const { invoice, positions } = await findInvoice(em, await invoiceCustomerIds(em, user.id), params.invoiceId);
    return sendPdf(koa, invoice, positions, query.language);
  },

  getInvoiceEInvoice: async ({ em, user, params, query, koa, deps }) => {
    const { invoice, positions } = await findInvoice(em, await invoiceCustomerIds(em, user.id), params.invoiceId);
    const lang = query.language ?? (invoice.customer.language === 'en' ? 'en' : 'de');
    koa.set('Cache-Control', 'private, no-store');
    if (query.format === 'xrechnung') {
      koa.type = 'application/xml';
      koa.set('Content-Disposition', `attachment; filename="${invoice.number}-xrechnung.xml"`);
      return (await renderXRechnung(invoice, positions, invoice.customer, lang, { creditorId: deps.config.CREDITOR_ID })) as never;
    }
    koa.type = 'application/pdf';
    koa.set('Content-Disposition', `attachment; filename="${invoice.number}-zugferd.pdf"`);
    return Buffer.from(await renderFacturX(invoice, positions, invoice.customer, lang, { creditorId: deps.config.CREDITOR_ID })) as never;
  },

  createInvoicePublicLink: async ({ em, user, params, deps, koa }) => {
    const { invoice } = await findInvoice(em, await invoiceCustomerIds(em, user.id), params.invoiceId);
    const { token, expiresAt } = await issuePublicLink(em, deps.clock, invoice);
    // A webhook event (issue 30), after the commit; never the link itself.
    await deps.events.publish('invoice.public_link.created', { invoiceId: invoice.id, number: invoice.number, expiresAt: expiresAt.toISOString() }, { customers: [invoice.customer.id] });
    koa.status = 201;
    return { url: `${deps.config.publicOrigin}/a/invoice/public/${token}`, expiresAt: expiresAt.toISOString(), state: 'active' as const };
  },

  getPublicInvoice: async ({ em, params, deps, koa }) => {
    const { invoice, positions } = await publicInvoice(koa, em, deps.clock, params.token);
    return presentInvoiceDetail(invoice, positions, deps.clock.now());
  },

  getPublicInvoicePdf: async ({ em, params, query, deps, koa }) => {
    const { invoice, positions } = await publicInvoice(koa, em, deps.clock, params.token);
    return sendPdf(koa, invoice, positions, query.language);
  },
});
