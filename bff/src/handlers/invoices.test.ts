import { Invoice } from '@portal/core/billing';
// The shipped EN 16931 schema (xmllint-wasm) and business rules live with the browser tests too.
import { businessRuleViolations, pdfAttachments, schemaErrors } from '../../../frontend/e2e/billingEInvoice.ts';
// The official CEN EN 16931 and KoSIT XRechnung Schematron rules, run with Saxon-HE (Java).
import { rejections, schematronFindings } from '../../../frontend/e2e/eInvoiceSchematron.ts';
import { demoLogins } from '@portal/core/seed';
import { createTestServer, TestClient, type TestServer } from '../testing.ts';
// The PDF text reader lives with the browser tests, which may not import server code; the BFF's tests may import it.
import { pdfText } from '../../../frontend/e2e/billingPdfText.ts';

let server: TestServer;
let manager: TestClient;
let admin: TestClient;
let other: TestClient;
const invoices: Record<string, number> = {};
beforeAll(async () => {
  server = await createTestServer();
  server.clock.set('2026-11-24T10:00:00Z');
  manager = server.client();
  await manager.login(demoLogins.manager);
  admin = server.client();
  await admin.login(demoLogins.admin);
  other = server.client();
  await other.login(demoLogins.other);
  for (const i of await server.db.orm.em.fork().find(Invoice, {})) invoices[i.number] = i.id;
}, 180_000);
afterAll(() => server.stop());

async function pdfOf(client: TestClient, path: string): Promise<{ status: number; type: string | null; text: string }> {
  const headers: Record<string, string> = {};
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(server.url + path, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), text: res.ok ? pdfText(body) : body.toString() };
}

const numbers = (res: { body: { data: { number: string }[] } }) => res.body.data.map((i) => i.number);

describe('invoice list (§2 /invoices)', () => {
  it('R2.013 R3.049 a manager sees a year of their customer’s invoices, newest first; others see none of them', async () => {
    const res = await manager.get('/api/v1/invoices');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(12);
    expect(numbers(res)[0]).toBe('RE202611-10001');
    expect(res.body.data[0]).toMatchObject({ issuedOn: '2026-11-01', dueOn: '2026-11-15', status: 'open', paymentMethod: 'debit' });
    expect(res.body.data.every((i: { customer: { number: number } }) => i.customer.number === 10001)).toBe(true);
    expect(numbers(await other.get('/api/v1/invoices'))).not.toContain('RE202611-10001');
    // Administrators see the cluster, not the customer's invoices.
    expect((await admin.get('/api/v1/invoices')).body.meta.total).toBe(0);
  });

  it('R2.013 keyset pages: following nextCursor walks every invoice once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: { number: string }[]; meta: { nextCursor: string | null } } } = await manager.get(`/api/v1/invoices?per_page=5${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...numbers(res));
      cursor = res.body.meta.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect([...seen].sort().reverse()).toEqual(seen);
    const asc = await manager.get('/api/v1/invoices?sort=number&per_page=3');
    expect(numbers(asc)).toEqual(['RE202512-10001', 'RE202601-10001', 'RE202602-10001']);
  });

  it('R4.014 search by number and filter by status', async () => {
    expect(numbers(await manager.get('/api/v1/invoices?search=202609'))).toEqual(['RE202609-10001']);
    expect(numbers(await manager.get('/api/v1/invoices?status=overdue'))).toEqual(['RE202610-10001']);
    expect(numbers(await manager.get('/api/v1/invoices?status=credited'))).toEqual(['RE202604-10001']);
    expect((await manager.get('/api/v1/invoices?status=paid')).body.meta.total).toBe(8);
  });

  it('R2.013 bounded parameters and a forged cursor are 422', async () => {
    expect((await manager.get('/api/v1/invoices?per_page=101')).status).toBe(422);
    expect((await manager.get(`/api/v1/invoices?search=${'1'.repeat(33)}`)).status).toBe(422);
    expect((await manager.get('/api/v1/invoices?cursor=not-a-cursor')).status).toBe(422);
    expect((await manager.get('/api/v1/invoices?sort=amount')).status).toBe(422);
  });
});

describe('invoice detail, PDF and accounting tokens', () => {
  it('R2.013 R9.018 R9.019 details with positions: monthly base prices, hardware daily, NVMe storage in 5 GB steps', async () => {
    const res = await manager.get(`/api/v1/invoices/${invoices['RE202611-10001']}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ periodStart: '2026-10-01', periodEnd: '2026-10-31', publicLink: { state: 'none', expiresAt: null } });
    const storage = res.body.positions.find((p: { kind: string; subject: string }) => p.kind === 'nvme_storage' && p.subject.startsWith('20011'));
    // 100 GB = 20 steps of 5 GB, 31 days.
    expect(storage).toMatchObject({ quantity: 620, unit: 'day', unitPrice: '0.0167' });
    const base = res.body.positions.find((p: { kind: string }) => p.kind === 'base');
    expect(base).toMatchObject({ quantity: 1, unit: 'month' });
    const sum = res.body.positions.reduce((a: number, p: { net: { amount: string } }) => a + Math.round(Number(p.net.amount) * 100), 0);
    expect(Math.round(Number(res.body.net.amount) * 100)).toBe(sum);
    expect(Math.round(Number(res.body.vat.amount) * 100)).toBe(Math.floor((sum * 19 + 50) / 100));
  });

  it("R8.020 another customer's invoice is 'invoice not found'", async () => {
    const res = await other.get(`/api/v1/invoices/${invoices['RE202611-10001']}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors.invoice_not_found');
    expect((await other.get(`/api/v1/invoices/${invoices['RE202611-10001']}/pdf`)).status).toBe(404);
  });

  it('R3.049 the PDF in German and English shows number, positions and totals', async () => {
    const de = await pdfOf(manager, `/api/v1/invoices/${invoices['RE202611-10001']}/pdf?language=de`);
    expect(de.status).toBe(200);
    expect(de.type).toBe('application/pdf');
    expect(de.text).toContain('Rechnung RE202611-10001');
    expect(de.text).toContain('Müller & Schmidt Online GmbH');
    expect(de.text).toContain('NVMe Storage (5-GB-Schritt-Tage)');
    expect(de.text).toContain('zzgl. 19 % MwSt.');
    const en = await pdfOf(manager, `/api/v1/invoices/${invoices['RE202611-10001']}/pdf?language=en`);
    expect(en.text).toContain('Invoice RE202611-10001');
    expect(en.text).toContain('plus 19 % VAT');
  });

  it('R3.019 R6.008 a token with the accounting area lists and fetches invoices and PDFs; a cluster token may not', async () => {
    const make = async (abilities: unknown) =>
      (await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: 'Buchhaltung', expires: 0, abilities })).body.plainTextToken as string;
    const accounting = await make({ global: false, allClusters: true, areas: ['accounting'] });
    const api = new TestClient(server.url);
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const list = await api.request('GET', '/api/v1/invoices', undefined, bearer(accounting));
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(12);
    expect((await api.request('GET', `/api/v1/invoices/${invoices['RE202611-10001']}`, undefined, bearer(accounting))).status).toBe(200);
    const pdf = await fetch(`${server.url}/api/v1/invoices/${invoices['RE202611-10001']}/pdf`, { headers: bearer(accounting) });
    expect(pdf.status).toBe(200);
    expect((await api.request('POST', `/api/v1/invoices/${invoices['RE202611-10001']}/public-link`, undefined, bearer(accounting))).status).toBe(403);
    const clusters = await make({ global: false, allClusters: true });
    expect((await api.request('GET', '/api/v1/invoices', undefined, bearer(clusters))).status).toBe(403);
  });
});

describe('public invoice link (§4)', () => {
  it('R4.027 R2.009 none → active (with expiry) → expired; renewing replaces the link; opened without sign-in', async () => {
    const id = invoices['RE202610-10001'];
    const created = await manager.request('POST', `/api/v1/invoices/${id}/public-link`);
    expect(created.status).toBe(201);
    expect(created.body.state).toBe('active');
    expect(created.body.expiresAt).toBe('2026-12-24T10:00:00.000Z');
    const token = created.body.url.split('/a/invoice/public/')[1];
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await manager.get(`/api/v1/invoices/${id}`)).body.publicLink).toEqual({ state: 'active', expiresAt: '2026-12-24T10:00:00.000Z' });
    const stored = await server.db.orm.em.fork().findOneOrFail(Invoice, { id });
    expect(stored.publicTokenHash).not.toContain(token);

    const guest = new TestClient(server.url);
    const open = await guest.get(`/api/v1/public/invoices/${token}`);
    expect(open.status).toBe(200);
    expect(open.body.number).toBe('RE202610-10001');
    const pdf = await pdfOf(guest, `/api/v1/public/invoices/${token}/pdf?language=en`);
    expect(pdf.text).toContain('Invoice RE202610-10001');

    const renewed = await manager.request('POST', `/api/v1/invoices/${id}/public-link`);
    const token2 = renewed.body.url.split('/a/invoice/public/')[1];
    expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(404);
    expect((await guest.get(`/api/v1/public/invoices/${token2}`)).status).toBe(200);

    server.clock.set('2026-12-25T10:00:00Z');
    try {
      await manager.login(demoLogins.manager); // the old session ran out with the clock
      expect((await manager.get(`/api/v1/invoices/${id}`)).body.publicLink.state).toBe('expired');
      const expired = await guest.get(`/api/v1/public/invoices/${token2}`);
      expect(expired.status).toBe(404);
      expect(expired.body.error.message).toBe('errors.invoice_not_found');
    } finally {
      server.clock.set('2026-11-24T10:00:00Z');
      await manager.login(demoLogins.manager);
    }
  });
});

describe('e-invoice (ZUGFeRD/Factur-X, XRechnung)', () => {
  const fetchAs = async (path: string, headers: Record<string, string> = {}) => {
    if (!headers.Authorization && manager.cookies.size) headers.cookie = [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(server.url + path, { headers });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('R9.007 the XRechnung XML of an invoice is valid against the EN 16931 schema and keeps the EN 16931 and XRechnung rules', async () => {
    const res = await fetchAs(`/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice?format=xrechnung`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/xml');
    expect(res.disposition).toContain('RE202611-10001-xrechnung.xml');
    const xml = res.body.toString('utf8');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(businessRuleViolations(xml, { xrechnung: true })).toEqual([]);
    expect(xml).toContain('<ram:ID>RE202611-10001</ram:ID>');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  });

  it('R9.007 the ZUGFeRD/Factur-X PDF embeds the valid EN 16931 XML and still reads as the invoice', async () => {
    const res = await fetchAs(`/api/v1/invoices/${invoices['RE202610-10001']}/e-invoice?format=factur-x&language=en`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const { files, xmp } = await pdfAttachments(res.body);
    const xml = files.get('factur-x.xml')!.bytes.toString('utf8');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(businessRuleViolations(xml, { xrechnung: false })).toEqual([]);
    expect(xml).toContain('<ram:ID>RE202610-10001</ram:ID>');
    expect(xmp).toMatch(/pdfaid:part(>|=")3/);
    expect(pdfText(res.body)).toContain('RE202610-10001');
  });

  it("R8.020 R3.019 another customer's invoice is 404, an unknown format 422; an accounting token may fetch e-invoices", async () => {
    const foreign = await other.get(`/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice?format=xrechnung`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('errors.invoice_not_found');
    expect((await manager.get(`/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice?format=ubl`)).status).toBe(422);
    expect((await manager.get(`/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice`)).status).toBe(422);
    const token = (await manager.request('POST', '/api/v1/me/personal-access-tokens', { name: 'E-Rechnung', expires: 0, abilities: { global: false, allClusters: true, areas: ['accounting'] } })).body.plainTextToken as string;
    const res = await fetchAs(`/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice?format=xrechnung`, { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toContain('CrossIndustryInvoice');
  });
});

describe('e-invoices against the official Schematron rules (CEN EN 16931, KoSIT XRechnung 3.0)', () => {
  const cookieOf = (client: TestClient) => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
  const download = async (client: TestClient, number: string, format: 'xrechnung' | 'factur-x') => {
    const res = await fetch(`${server.url}/api/v1/invoices/${invoices[number]}/e-invoice?format=${format}`, { headers: cookieOf(client) });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    return format === 'xrechnung' ? body.toString('utf8') : (await pdfAttachments(body)).files.get('factur-x.xml')!.bytes.toString('utf8');
  };
  // 10001 pays by SEPA direct debit, 10002 by credit card, 10003 by transfer.
  const customers = [
    { label: 'direct debit', number: 'RE202611-10001', login: () => manager },
    { label: 'credit card', number: 'RE202611-10002', login: () => partner },
    { label: 'transfer', number: 'RE202611-10003', login: () => other },
  ];
  let partner: TestClient;
  beforeAll(async () => {
    partner = server.client();
    await partner.login(demoLogins.partner);
  });

  it('R9.007 BR-DE-30 BR-DE-31 BR-DE-1 BR-DE-15 BR-CO-10 the XRechnung of a debit, a card and a transfer customer passes every fatal and error rule of both rule sets', async () => {
    const xmls = await Promise.all(customers.map((c) => download(c.login(), c.number, 'xrechnung')));
    const findings = await schematronFindings(xmls, { xrechnung: true });
    expect(Object.fromEntries(customers.map((c, i) => [c.label, rejections(findings[i]!)]))).toEqual({ 'direct debit': [], 'credit card': [], transfer: [] });
    // The direct debit names the creditor identifier (BT-90, CREDITOR_ID), the mandate (BT-89) and the debited account (BT-91).
    expect(xmls[0]).toContain('<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>');
    expect(xmls[0]).toMatch(/<ram:DirectDebitMandateID>M10001-[^<]+<\/ram:DirectDebitMandateID>/);
    expect(xmls[0]).toMatch(/<ram:PayerPartyDebtorFinancialAccount>\s*<ram:IBANID>DE\d{20}<\/ram:IBANID>/);
    expect(xmls[1]).toContain('<ram:TypeCode>54</ram:TypeCode>');
    expect(xmls[2]).toContain('<ram:TypeCode>58</ram:TypeCode>');
  }, 120_000);

  it('R9.007 the Factur-X (EN 16931 profile) of a debit, a card and a transfer customer passes every fatal and error rule of EN 16931', async () => {
    const xmls = await Promise.all(customers.map((c) => download(c.login(), c.number, 'factur-x')));
    const findings = await schematronFindings(xmls, { xrechnung: false });
    expect(Object.fromEntries(customers.map((c, i) => [c.label, rejections(findings[i]!)]))).toEqual({ 'direct debit': [], 'credit card': [], transfer: [] });
    expect(xmls[0]).toContain('<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>');
  }, 120_000);

  it('BR-DE-30 BR-DE-31 BR-CO-15 BR-17 the official rules reject a direct debit without creditor identifier or debited account, a wrong total and a payee that is the seller', async () => {
    const xml = await download(manager, 'RE202611-10001', 'xrechnung');
    const grand = /<ram:GrandTotalAmount>([^<]+)</.exec(xml)![1]!;
    const broken = [
      xml.replace(/<ram:CreditorReferenceID>[^<]*<\/ram:CreditorReferenceID>/, ''),
      xml.replace(/<ram:PayerPartyDebtorFinancialAccount>[\s\S]*?<\/ram:PayerPartyDebtorFinancialAccount>/, ''),
      xml.replace(`<ram:GrandTotalAmount>${grand}`, `<ram:GrandTotalAmount>${(Number(grand) + 0.01).toFixed(2)}`),
      xml.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:PayeeTradeParty><ram:Name>Managed Hosting GmbH</ram:Name></ram:PayeeTradeParty>'),
    ];
    const ids = (await schematronFindings(broken, { xrechnung: true })).map((f) => rejections(f).map((r) => r.split(':')[0]));
    expect(ids[0]).toContain('BR-DE-30');
    expect(ids[1]).toContain('BR-DE-31');
    expect(ids[2]).toContain('BR-CO-15');
    expect(ids[3]).toContain('BR-17');
  }, 120_000);
});

describe('e-invoice checks (schema and rules) can fail', () => {
  it('R9.007 a broken total, a missing buyer reference and an unknown element are reported', async () => {
    const res = await manager.request('GET', `/api/v1/invoices/${invoices['RE202611-10001']}`);
    expect(res.status).toBe(200);
    const headers: Record<string, string> = { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xml = await (await fetch(`${server.url}/api/v1/invoices/${invoices['RE202611-10001']}/e-invoice?format=xrechnung`, { headers })).text();
    const grand = /<ram:GrandTotalAmount>([^<]+)</.exec(xml)![1]!;
    expect(businessRuleViolations(xml.replace(`<ram:GrandTotalAmount>${grand}`, `<ram:GrandTotalAmount>${(Number(grand) + 0.01).toFixed(2)}`), { xrechnung: true })).toContainEqual(expect.stringMatching(/^BR-CO-15/));
    expect(businessRuleViolations(xml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ''), { xrechnung: true })).toContainEqual(expect.stringMatching(/^BR-DE-15/));
    expect((await schemaErrors(xml.replace('<ram:BuyerReference>', '<ram:Unknown>x</ram:Unknown><ram:BuyerReference>'))).length).toBeGreaterThan(0);
    expect(businessRuleViolations(xml, { xrechnung: false })).toContainEqual(expect.stringMatching(/^BR-01/));
  });
});

