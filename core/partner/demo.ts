import type { EntityManager } from '@mikro-orm/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { User } from '../accounts/index.ts';
import { addDays, endOfMonth, Invoice, monthlyNetRevenue, withVat } from '../billing/index.ts';
import { Customer, CustomerManager } from '../customers/index.ts';
import { commissionCents, levelFor } from './commissionRules.ts';
import { CommissionCredit } from './CommissionCredit.ts';
import { Partner, PartnerUser } from './Partner.ts';
import { PartnerContract } from './PartnerContract.ts';
import { SalesMaterial } from './SalesMaterial.ts';

/** The demo partners' logins (README table); the password is the demo password. */
export const demoPartners = {
  /** partner@demo.example manages partner 70001 (active partnership). */
  activeNumber: 70001,
  /** A partner manager whose partnership ended: sees the area, cannot download sales material (§8). */
  inactiveLogin: 'inactive.partner@demo.example',
  inactiveNumber: 70002,
  /** Manager of referred customer 10005 and authorised user of partner 70001. */
  authorizedLogin: 'mia.krueger@alpenblick-reisen.example',
  /** Manager of referred customer 10006, not yet authorised (may be added on the authorised-users screen). */
  candidateLogin: 'paul.neumann@kuestenwerk.example',
} as const;

const month = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;

async function materialPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  page.drawText(title, { x: 50, y: 780, size: 20, font });
  lines.forEach((l, i) => page.drawText(l, { x: 50, y: 740 - i * 16, size: 11, font }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Demo data of the partner programme (additive to the demo seed, after the invoices): partner 70001 of
 * partner@demo.example with three referred customers over two years (one contract ended), their
 * invoices, quarterly commission credits computed by the commission rules, an authorised user and a
 * candidate; partner 70002 whose partnership ended; sales material in German and English.
 */
export async function seedDemoPartners(tx: EntityManager, passwordHash: string): Promise<void> {
  const partnerUser = await tx.findOneOrFail(User, { email: 'partner@demo.example' });
  const nordlicht = await tx.findOne(Customer, { number: 10002 });
  const user = (email: string, firstname: string, surname: string, extra: Partial<User> = {}) =>
    tx.create(User, { email, passwordHash, firstname, surname, gender: 'male', emailVerified: true, country: 'de', language: 'de', ...extra } as User);
  const customer = (number: number, company: string, street: string, zip: string, city: string, contactPerson: User | null) =>
    tx.create(Customer, {
      number,
      company,
      street,
      zip,
      city,
      country: 'de',
      language: 'de',
      enteredAt: new Date('2024-11-01T00:00:00Z'),
      invoiceEmails: `buchhaltung@${company.split(' ')[0].toLowerCase().replace(/[^a-z]/g, '')}.example`,
      contactPerson,
      paymentMethod: 'transfer',
      dpaStatus: 'concluded',
    } as Customer);

  const mia = user(demoPartners.authorizedLogin, 'Mia', 'Krüger', { gender: 'female', isPartner: true, company: 'Alpenblick Reisen GmbH', language: 'en' });
  const paul = user(demoPartners.candidateLogin, 'Paul', 'Neumann', { company: 'Küstenwerk Design UG', language: 'en' });
  const inactiveManager = user(demoPartners.inactiveLogin, 'Mareike', 'Lorenz', { gender: 'female', isPartner: true, company: 'Elbwerk Digital GmbH', city: 'Dresden', postcode: '01067' });

  const alpenblick = customer(10005, 'Alpenblick Reisen GmbH', 'Maximilianstraße 20', '80539', 'München', mia);
  const kuestenwerk = customer(10006, 'Küstenwerk Design UG (haftungsbeschränkt)', 'Holtenauer Straße 88', '24105', 'Kiel', paul);
  const rheinufer = customer(10007, 'Rheinufer Logistik AG', 'Rheinauhafen 5', '50678', 'Köln', null);
  const hafenblick = customer(10008, 'Hafenblick Gastronomie GmbH', 'Leipziger Straße 30', '01097', 'Dresden', inactiveManager);
  tx.create(CustomerManager, { customer: alpenblick, user: mia, active: true } as CustomerManager);
  tx.create(CustomerManager, { customer: kuestenwerk, user: paul, active: true } as CustomerManager);
  tx.create(CustomerManager, { customer: hafenblick, user: inactiveManager, active: true } as CustomerManager);

  const active = tx.create(Partner, { number: demoPartners.activeNumber, name: 'Nordlicht Medien GmbH & Co. KG', customer: nordlicht, partnershipStart: '2024-01-01', partnershipEnd: null } as Partner);
  const inactive = tx.create(Partner, { number: demoPartners.inactiveNumber, name: 'Elbwerk Digital GmbH', customer: null, partnershipStart: '2022-01-01', partnershipEnd: '2025-06-30' } as Partner);
  tx.create(PartnerUser, { partner: active, user: partnerUser, role: 'manager' } as PartnerUser);
  tx.create(PartnerUser, { partner: active, user: mia, role: 'authorized' } as PartnerUser);
  tx.create(PartnerUser, { partner: inactive, user: inactiveManager, role: 'manager' } as PartnerUser);

  tx.create(PartnerContract, { partner: active, customer: alpenblick, number: 'PV-70001-0001', startsOn: '2024-11-01', endsOn: null } as PartnerContract);
  tx.create(PartnerContract, { partner: active, customer: kuestenwerk, number: 'PV-70001-0002', startsOn: '2025-01-01', endsOn: null } as PartnerContract);
  tx.create(PartnerContract, { partner: active, customer: rheinufer, number: 'PV-70001-0003', startsOn: '2025-01-01', endsOn: '2025-12-31' } as PartnerContract);
  tx.create(PartnerContract, { partner: inactive, customer: hafenblick, number: 'PV-70002-0001', startsOn: '2023-01-01', endsOn: '2025-06-30' } as PartnerContract);

  // Monthly net revenue (cents): 2025 reaches silver, 2026 (to October) gold.
  const plan: [Customer, number, number, number, number][] = [
    // customer, from year, from month, to (YYYYMM), monthly net cents by year below
    [alpenblick, 2025, 1, 202610, 0],
    [kuestenwerk, 2025, 1, 202610, 0],
    [rheinufer, 2025, 1, 202512, 0],
    [hafenblick, 2025, 1, 202506, 0],
  ];
  const monthly = (c: Customer, y: number, m: number): number => {
    const base = { 10005: y === 2025 ? 700_00 : 1_900_00, 10006: y === 2025 ? 350_00 : 900_00, 10007: 500_00, 10008: 280_00 }[c.number] ?? 0;
    return base + m * 1_250; // a little growth over the year
  };
  for (const [c, fromYear, fromMonth, until] of plan)
    for (let y = fromYear, m = fromMonth; y * 100 + m <= until; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
      const start = month(y, m);
      const issuedOn = addDays(endOfMonth(start), 1);
      const amounts = withVat(monthly(c, y, m));
      tx.create(Invoice, {
        customer: c,
        number: `RE${issuedOn.slice(0, 4)}${issuedOn.slice(5, 7)}-${c.number}`,
        issuedOn,
        dueOn: addDays(issuedOn, 14),
        periodStart: start,
        periodEnd: endOfMonth(start),
        status: y * 100 + m === until && until === 202610 ? 'open' : 'paid',
        paymentMethod: 'transfer',
        netCents: amounts.netCents,
        vatCents: amounts.vatCents,
        grossCents: amounts.grossCents,
        publicTokenHash: null,
        publicExpiresAt: null,
      } as Invoice);
    }
  await tx.flush();

  // Quarterly credits per referred customer, computed with the commission rules from the invoices.
  let seq = 0;
  for (const [partner, customers] of [
    [active, [alpenblick, kuestenwerk, rheinufer]],
    [inactive, [hafenblick]],
  ] as const) {
    const rows = await monthlyNetRevenue(tx, customers.map((c) => c.id), '2025-01-01', '2026-09-30');
    const yearLevel = (y: number) => levelFor(rows.filter((r) => r.month.startsWith(String(y))).reduce((a, r) => a + r.netCents, 0));
    for (const [y, q] of [[2025, 1], [2025, 2], [2025, 3], [2025, 4], [2026, 1], [2026, 2], [2026, 3]] as const)
      for (const c of customers) {
        const periodStart = month(y, q * 3 - 2);
        const periodEnd = endOfMonth(month(y, q * 3));
        const revenue = rows.filter((r) => r.customerId === c.id && r.month >= periodStart.slice(0, 7) && r.month <= periodEnd.slice(0, 7)).reduce((a, r) => a + r.netCents, 0);
        if (!revenue) continue;
        const createdOn = addDays(periodEnd, 15);
        const last = y === 2026 && q === 3;
        seq += 1;
        tx.create(CommissionCredit, {
          partner,
          customer: c,
          number: `GS${createdOn.slice(0, 4)}-${String(seq).padStart(4, '0')}`,
          createdOn,
          paidOn: last ? null : addDays(createdOn, 14),
          purpose: `Provision Q${q}/${y} – ${c.number}`,
          periodStart,
          periodEnd,
          revenueCents: revenue,
          amountCents: commissionCents(revenue, yearLevel(y)),
          status: last ? 'approved' : 'paid',
        } as CommissionCredit);
      }
  }

  const materials: [string, string, 'de' | 'en', string, string[]][] = [
    ['Partnerbroschüre 2026', 'partnerbroschuere-2026.pdf', 'de', '2026-02-01', ['Managed Hosting für Ihre Kunden', 'Leistungen, Service-Level und Partnervorteile.']],
    ['Preisliste Managed Hosting', 'preisliste-managed-hosting.pdf', 'de', '2026-01-15', ['Alle Preise zzgl. 19 % MwSt.', 'Web Cluster, Extended Web Cluster, Cloud Web Cluster.']],
    ['Partner brochure 2026', 'partner-brochure-2026.pdf', 'en', '2026-02-01', ['Managed hosting for your customers', 'Services, service levels and partner benefits.']],
    ['Price list managed hosting', 'price-list-managed-hosting.pdf', 'en', '2026-01-15', ['All prices plus 19 % VAT.', 'Web Cluster, Extended Web Cluster, Cloud Web Cluster.']],
  ];
  for (const [name, fileName, language, publishedOn, lines] of materials) {
    const content = await materialPdf(name, lines);
    tx.create(SalesMaterial, { name, fileName, mediaType: 'application/pdf', language, publishedOn, sizeBytes: content.length, content } as SalesMaterial);
  }
  const logo = (label: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect width="240" height="60" fill="#0b3d91"/><text x="16" y="38" fill="#fff" font-family="sans-serif" font-size="20">${label}</text></svg>\n`);
  for (const [name, language] of [
    ['Logo „Zertifizierter Partner“', 'de'],
    ['Logo “Certified partner”', 'en'],
  ] as const) {
    const content = logo(language === 'de' ? 'Zertifizierter Partner' : 'Certified partner');
    tx.create(SalesMaterial, { name, fileName: language === 'de' ? 'logo-zertifizierter-partner.svg' : 'logo-certified-partner.svg', mediaType: 'image/svg+xml', language, publishedOn: '2025-09-01', sizeBytes: content.length, content } as SalesMaterial);
  }
  await tx.flush();
}
