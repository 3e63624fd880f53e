import { Readable } from 'node:stream';
import { centsToDecimal, dayOf, money } from '@portal/core/billing';
import {
  addAuthorizedUser,
  assertPartnerManager,
  commissionCreditsCsv,
  findCommissionCredit,
  findPartnerAccess,
  hasCreditNote,
  listCommissionCredits,
  listPartnerContracts,
  listSalesMaterial,
  mayDownloadMaterial,
  openSalesMaterial,
  partnerOverview,
  partnershipActive,
  partnerTeam,
  removeAuthorizedUser,
  renderCreditNotePdf,
  requirePartnerMember,
  type CommissionCredit,
  type PartnerAccess,
} from '@portal/core/partner';
import { NotFound } from '@portal/core/platform';
import type { Schemas } from '@portal/openapi';
import type { Context } from 'koa';
import { defineHandlers, noContent } from '../openapi/handlers.ts';

const presentPartner = (a: PartnerAccess, today: string): Schemas['PartnerSummary'] => ({
  id: a.partner.id,
  number: a.partner.number,
  name: a.partner.name,
  role: a.role,
  partnershipActive: partnershipActive(a.partner, today),
});

const presentCustomer = (c: { id: number; number: number; company: string }) => ({ id: c.id, number: c.number, company: c.company });

const presentCredit = (c: CommissionCredit): Schemas['CommissionCredit'] => ({
  id: c.id,
  number: c.number,
  createdOn: c.createdOn,
  paidOn: c.paidOn ?? null,
  purpose: c.purpose,
  amount: money(c.amountCents),
  status: c.status,
  customer: presentCustomer(c.customer),
  hasCreditNote: hasCreditNote(c.status),
});

const userLanguage = (language: string | undefined, fallback: string): 'de' | 'en' => ((language ?? fallback) === 'en' ? 'en' : 'de');

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function attachment(koa: Context, fileName: string): void {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'download';
  koa.set('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  koa.set('Cache-Control', 'private, no-store');
  koa.set('X-Content-Type-Options', 'nosniff');
}

/** Chunks of 64 KB, so a large file is written as the client reads it. */
function streamOf(content: Buffer): Readable {
  const size = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let i = 0; i < content.length; i += size) yield content.subarray(i, i + size);
    })(),
  );
}

export const partnerHandlers = defineHandlers({
  listPartners: async ({ em, user, deps }) => {
    const today = dayOf(deps.clock.now());
    return { data: (await requirePartnerMember(em, user.id)).map((a) => presentPartner(a, today)) };
  },

  getPartnerOverview: async ({ em, user, params, query, deps }) => {
    const access = await findPartnerAccess(em, user.id, params.partnerId);
    const today = dayOf(deps.clock.now());
    const o = await partnerOverview(em, access.partner, query.year ?? Number(today.slice(0, 4)), today);
    return {
      partner: presentPartner(access, today),
      year: o.year,
      years: o.years,
      level: o.level,
      nextLevel: o.nextLevel,
      progressPercent: o.progressPercent,
      ratePercent: centsToDecimal(o.rateBasisPoints),
      months: o.months.map((m) => ({ month: m.month, revenue: money(m.revenueCents), commission: money(m.commissionCents) })),
      totals: {
        revenue: money(o.totals.revenueCents),
        commission: money(o.totals.commissionCents),
        paid: money(o.totals.paidCents),
        outstanding: money(o.totals.outstandingCents),
      },
    };
  },

  listCommissionCredits: async ({ em, user, params, query }) => {
    const { partner } = await findPartnerAccess(em, user.id, params.partnerId);
    const list = await listCommissionCredits(em, partner, query.customerId);
    return {
      data: list.credits.map(presentCredit),
      customers: list.customers.map(presentCustomer),
      sums: { total: money(list.sums.totalCents), paid: money(list.sums.paidCents), outstanding: money(list.sums.outstandingCents) },
    };
  },

  exportCommissionCredits: async ({ em, user, params, query, koa }) => {
    const { partner } = await findPartnerAccess(em, user.id, params.partnerId);
    const list = await listCommissionCredits(em, partner, query.customerId);
    const language = userLanguage(query.language, user.language);
    koa.type = 'text/csv; charset=utf-8';
    attachment(koa, `${language === 'de' ? 'gutschriften' : 'credits'}-${partner.number}.csv`);
    return commissionCreditsCsv(list.credits, language) as never;
  },

  getCreditNotePdf: async ({ em, user, params, query, koa }) => {
    const { partner } = await findPartnerAccess(em, user.id, params.partnerId);
    const credit = await findCommissionCredit(em, partner, params.creditId);
    if (!hasCreditNote(credit.status)) throw NotFound('errors.credit_not_found');
    const pdf = await renderCreditNotePdf(credit, partner, userLanguage(query.language, user.language));
    koa.type = 'application/pdf';
    attachment(koa, `${credit.number}.pdf`);
    return Buffer.from(pdf) as never;
  },

  listPartnerContracts: async ({ em, user, params, query, deps }) => {
    const { partner } = await findPartnerAccess(em, user.id, params.partnerId);
    const perPage = query.per_page ?? 25;
    const page = query.page ?? 1;
    const { rows, total } = await listPartnerContracts(em, partner, dayOf(deps.clock.now()), { search: query.search, sort: query.sort, page, perPage });
    return {
      data: rows.map((r) => ({
        id: r.contract.id,
        number: r.contract.number,
        customer: presentCustomer(r.customer),
        from: r.contract.startsOn,
        to: r.contract.endsOn ?? null,
        lastRevenue: r.lastRevenue ? { month: r.lastRevenue.month, amount: money(r.lastRevenue.revenueCents) } : null,
        commission: money(r.commissionCents),
        status: r.status,
      })),
      meta: { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) },
    };
  },

  listPartnerUsers: async ({ em, user, params }) => {
    const access = await findPartnerAccess(em, user.id, params.partnerId);
    const team = await partnerTeam(em, access.partner);
    return {
      data: team.members.map((m) => ({ id: m.user.id, email: m.user.email, firstname: m.user.firstname, surname: m.user.surname, role: m.role })),
      candidates: team.candidates.map((u) => ({ id: u.id, email: u.email, firstname: u.firstname, surname: u.surname })),
      mayManage: access.role === 'manager',
    };
  },

  addPartnerUser: async ({ em, user, params, body, deps, koa }) => {
    const access = await findPartnerAccess(em, user.id, params.partnerId);
    assertPartnerManager(access);
    const member = await addAuthorizedUser(em, deps.clock, access.partner, user, body.email);
    koa.status = 201;
    return { id: member.user.id, email: member.user.email, firstname: member.user.firstname, surname: member.user.surname, role: member.role };
  },

  removePartnerUser: async ({ em, user, params, deps }) => {
    const access = await findPartnerAccess(em, user.id, params.partnerId);
    assertPartnerManager(access);
    await removeAuthorizedUser(em, deps.clock, access.partner, user, params.userId);
    return noContent;
  },

  listSalesMaterial: async ({ em, user, query, deps }) => {
    const partners = await requirePartnerMember(em, user.id);
    const material = await listSalesMaterial(em, query.language);
    return {
      data: material.map((m) => ({
        id: m.id,
        name: m.name,
        fileType: (m.fileName.split('.').pop() ?? '').toUpperCase().slice(0, 16),
        mediaType: m.mediaType,
        language: m.language,
        size: m.sizeBytes,
        publishedOn: m.publishedOn,
      })),
      downloadAllowed: mayDownloadMaterial(partners, dayOf(deps.clock.now())),
    };
  },

  downloadSalesMaterial: async ({ em, user, params, deps, koa }) => {
    const partners = await requirePartnerMember(em, user.id);
    const material = await openSalesMaterial(em, partners, params.materialId, dayOf(deps.clock.now()));
    koa.type = material.mediaType;
    koa.length = material.content.length;
    attachment(koa, material.fileName);
    return streamOf(material.content) as never;
  },
});
