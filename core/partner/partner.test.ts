import type { EntityManager } from '@mikro-orm/core';
import { PDFDocument } from 'pdf-lib';
import { assertManagerRemovable, User } from '../accounts/index.ts';
import { Customer, CustomerManager } from '../customers/index.ts';
import { TestClock } from '../platform/index.ts';
import { seedDemo } from '../seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import {
  addAuthorizedUser,
  commissionCreditsCsv,
  demoPartners,
  findPartnerAccess,
  listCommissionCredits,
  listPartnerContracts,
  listSalesMaterial,
  openSalesMaterial,
  Partner,
  partnersOf,
  partnerOverview,
  partnerTeam,
  removeAuthorizedUser,
  renderCreditNotePdf,
} from './index.ts';

const today = '2026-11-24';
let db: TestDatabase;
let em: EntityManager;
let active: Partner;
let inactive: Partner;
const userOf = (email: string) => em.findOneOrFail(User, { email });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.orm.em.fork());
  em = db.orm.em.fork();
  active = await em.findOneOrFail(Partner, { number: demoPartners.activeNumber });
  inactive = await em.findOneOrFail(Partner, { number: demoPartners.inactiveNumber });
});

afterAll(async () => {
  await db?.close();
});

describe('partner programme (core, demo data)', () => {
  it('R6.005 R5.003 partner managers and authorised users reach their partner; others get 404', async () => {
    const partner = await userOf('partner@demo.example');
    const mia = await userOf(demoPartners.authorizedLogin);
    const manager = await userOf('manager@demo.example');
    expect((await partnersOf(em, partner.id)).map((a) => [a.partner.number, a.role])).toEqual([[70001, 'manager']]);
    expect((await findPartnerAccess(em, mia.id, active.id)).role).toBe('authorized');
    await expect(findPartnerAccess(em, manager.id, active.id)).rejects.toMatchObject({ status: 404, message: 'errors.partner_not_found' });
    await expect(findPartnerAccess(em, partner.id, inactive.id)).rejects.toMatchObject({ status: 404 });
  });

  it('R2.019 R3.054 R9.029 overview: 2025 reaches silver, 2026 gold; revenue and commission per month from the invoices of referred customers', async () => {
    const y2025 = await partnerOverview(em, active, 2025, today);
    expect(y2025.years).toEqual([2024, 2025, 2026]);
    expect(y2025.totals.revenueCents).toBe(2_152_500);
    expect([y2025.level, y2025.nextLevel, y2025.progressPercent, y2025.rateBasisPoints]).toEqual(['silver', 'gold', 76.8, 800]);
    expect(y2025.months).toHaveLength(12);
    expect(y2025.months[0]).toEqual({ month: '2025-01', revenueCents: 158_750, commissionCents: 12_700 });
    expect(y2025.totals.commissionCents).toBe(y2025.months.reduce((a, m) => a + m.commissionCents, 0));
    const y2026 = await partnerOverview(em, active, 2026, today);
    expect([y2026.level, y2026.nextLevel, y2026.progressPercent]).toEqual(['gold', 'platinum', 17.5]);
    // The ended contract (10007, 2025) earns nothing in 2026; November has no invoice yet.
    expect(y2026.totals.revenueCents).toBe(2_937_500);
    expect(y2026.months[10].revenueCents).toBe(0);
    expect(y2026.totals.outstandingCents).toBeGreaterThan(0);
  });

  it('R3.055 R2.020 payouts: credits newest first, filter by customer, sums by payout state, CSV in both languages', async () => {
    const all = await listCommissionCredits(em, active);
    expect(all.credits).toHaveLength(18);
    expect(all.customers.map((c) => c.number)).toEqual([10005, 10006, 10007]);
    expect(all.credits[0].status).toBe('approved');
    expect(all.sums.totalCents).toBe(all.sums.paidCents + all.sums.outstandingCents);
    const alpenblick = all.customers[0];
    const one = await listCommissionCredits(em, active, alpenblick.id);
    expect(one.credits).toHaveLength(7);
    expect(one.credits.every((c) => c.customer.id === alpenblick.id)).toBe(true);
    const de = commissionCreditsCsv(one.credits, 'de');
    expect(de.startsWith('\uFEFFGutschrift;Erstellt am;')).toBe(true);
    expect(de.trim().split('\r\n')).toHaveLength(8);
    expect(de).toContain('Freigegeben');
    expect(commissionCreditsCsv(one.credits, 'en')).toMatch(/Credit note;Created on;.*\r\n.*;Approved\r\n/s);
    expect(commissionCreditsCsv([{ ...one.credits[0], purpose: '=HYPERLINK("x")' } as never], 'en')).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('R3.055 a credit note PDF per payout in German and English', async () => {
    const { credits } = await listCommissionCredits(em, active);
    for (const language of ['de', 'en'] as const) {
      const pdf = await renderCreditNotePdf(credits[1], active, language);
      const doc = await PDFDocument.load(pdf);
      expect(doc.getTitle()).toBe(`${language === 'de' ? 'Gutschrift' : 'Credit note'} ${credits[1].number}`);
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('R3.057 R4.013 R2.022 partner contracts: search, sort, pagination, last relevant revenue, commission, status', async () => {
    const page = await listPartnerContracts(em, active, today, { page: 1, perPage: 2, sort: 'number' });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.contract.number)).toEqual(['PV-70001-0001', 'PV-70001-0002']);
    const second = await listPartnerContracts(em, active, today, { page: 2, perPage: 2, sort: 'number' });
    expect(second.rows.map((r) => r.contract.number)).toEqual(['PV-70001-0003']);
    const ended = second.rows[0];
    expect(ended.status).toBe('ended');
    expect(ended.lastRevenue).toEqual({ month: '2025-12', revenueCents: 50_000_00 / 100 + 12 * 1250 });
    expect(ended.commissionCents).toBe(Math.round(((50_000 + 12 * 1250) * 800) / 10_000));
    const searched = await listPartnerContracts(em, active, today, { page: 1, perPage: 10, search: 'küsten' });
    expect(searched.rows.map((r) => r.customer.number)).toEqual([10006]);
    const byStatus = await listPartnerContracts(em, active, today, { page: 1, perPage: 10, sort: '-status' });
    expect(byStatus.rows[0].status).toBe('ended');
  });

  it('R3.056 R6.005 R8.026 sales material by language; download only with an active partnership', async () => {
    expect((await listSalesMaterial(em)).length).toBe(6);
    const de = await listSalesMaterial(em, 'de');
    expect(de.every((m) => m.language === 'de')).toBe(true);
    expect(de).toHaveLength(3);
    const partner = await partnersOf(em, (await userOf('partner@demo.example')).id);
    const opened = await openSalesMaterial(em, partner, de[0].id, today);
    expect(opened.content.length).toBe(opened.sizeBytes);
    const ended = await partnersOf(em, (await userOf(demoPartners.inactiveLogin)).id);
    await expect(openSalesMaterial(em, ended, de[0].id, today)).rejects.toMatchObject({ status: 403, message: 'errors.partnership_inactive' });
  });

  it('R3.058 R6.005 R5.023 authorised users: add a manager of the partner\'s customers, not others; a partner manager cannot be removed; the flag guards manager removal', async () => {
    const clock = new TestClock(`${today}T10:00:00Z`);
    const actor = await userOf('partner@demo.example');
    const team = await partnerTeam(em, active);
    expect(team.members.map((m) => [m.user.email, m.role])).toEqual([
      ['partner@demo.example', 'manager'],
      [demoPartners.authorizedLogin, 'authorized'],
    ]);
    expect(team.candidates.map((u) => u.email)).toEqual([demoPartners.candidateLogin]);
    await expect(addAuthorizedUser(em, clock, active, actor, 'manager@demo.example')).rejects.toMatchObject({ status: 422, fields: { email: ['errors.partner_user_not_customer_manager'] } });
    await expect(addAuthorizedUser(em, clock, active, actor, demoPartners.authorizedLogin)).rejects.toMatchObject({ status: 409 });
    const paul = await userOf(demoPartners.candidateLogin);
    const kuestenwerk = await em.findOneOrFail(Customer, { number: 10006 });
    const membership = await em.findOneOrFail(CustomerManager, { customer: kuestenwerk.id, user: paul.id });
    await addAuthorizedUser(em, clock, active, actor, ' Paul.Neumann@kuestenwerk.example ');
    expect(paul.isPartner).toBe(true);
    await expect(assertManagerRemovable(em, kuestenwerk, membership, paul)).rejects.toMatchObject({ message: 'errors.manager_not_removable_partner_manager' });
    await expect(removeAuthorizedUser(em, clock, active, actor, actor.id)).rejects.toMatchObject({ status: 409, message: 'errors.partner_manager_not_removable' });
    await removeAuthorizedUser(em, clock, active, actor, paul.id);
    expect(paul.isPartner).toBe(false);
    await expect(assertManagerRemovable(em, kuestenwerk, membership, paul)).rejects.not.toMatchObject({ message: 'errors.manager_not_removable_partner_manager' });
    expect((await partnerTeam(em, active)).candidates.map((u) => u.email)).toEqual([demoPartners.candidateLogin]);
  });
});
