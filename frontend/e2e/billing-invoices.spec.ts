import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { businessRuleViolations, pdfAttachments, schemaErrors } from './billingEInvoice';
import { pdfText } from './billingPdfText';
import { login, users } from './helpers';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill('Demo-Portal-2026');
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
}

const rows = (page: Page) => page.locator('tbody tr[data-invoice]');

async function downloadBytes(scope: Page | Locator, name: RegExp): Promise<{ bytes: Buffer; filename: string }> {
  const page = 'page' in scope ? scope.page() : scope;
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByRole('link', { name }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), filename: download.suggestedFilename() };
}

/** Downloads both e-invoices from the invoice page and validates them (schema and EN 16931 / XRechnung rules). */
async function checkEInvoices(page: Page, number: string, labels: { facturX: RegExp; xRechnung: RegExp }): Promise<void> {
  const x = await downloadBytes(page, labels.xRechnung);
  expect(x.filename).toBe(`${number}-xrechnung.xml`);
  const xml = x.bytes.toString('utf8');
  expect(await schemaErrors(xml)).toEqual([]);
  expect(businessRuleViolations(xml, { xrechnung: true })).toEqual([]);
  expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
  const f = await downloadBytes(page, labels.facturX);
  expect(f.filename).toBe(`${number}-zugferd.pdf`);
  const { files, xmp } = await pdfAttachments(f.bytes);
  const embedded = files.get('factur-x.xml')!.bytes.toString('utf8');
  expect(await schemaErrors(embedded)).toEqual([]);
  expect(businessRuleViolations(embedded, { xrechnung: false })).toEqual([]);
  expect(xmp).toMatch(/pdfaid:part(>|=")3/);
  expect(pdfText(f.bytes)).toContain(number);
}

async function downloadText(page: Page, name: RegExp): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return pdfText(Buffer.concat(chunks));
}

test.describe('invoices (German)', () => {
  test('R9.007 R3.049 download the e-invoices (ZUGFeRD/Factur-X and XRechnung) of an invoice and validate them', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/invoices');
    await rows(page).first().getByRole('link', { name: /^RE\d/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Rechnung RE202611-10001/ })).toBeVisible();
    await expect(page.getByText('E-Rechnung nach EN 16931 für Ihre Buchhaltung:')).toBeVisible();
    await checkEInvoices(page, 'RE202611-10001', { facturX: /ZUGFeRD\/Factur-X \(PDF\)/, xRechnung: /XRechnung \(XML\)/ });
  });

  test('R2.013 R2.102 R4.014 list with status filter and number search; open an invoice, its items and the PDF', async ({ page }) => {
    await login(page, users.manager);
    await page.getByRole('link', { name: 'Rechnungen' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Rechnungen/ })).toBeVisible();
    await expect(page.getByText('12 Rechnungen')).toBeVisible();
    await expect(rows(page).first()).toContainText('RE202611-10001');
    await expect(rows(page).first()).toContainText('offen');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'überfällig' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('RE202610-10001');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Alle Status' }).click();
    await page.getByLabel('Rechnungsnummer suchen').fill('202609');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('link', { name: /^RE\d/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Rechnung RE202609-10001 (bezahlt)' })).toBeVisible();
    await expect(page).toHaveTitle(/Rechnung RE202609-10001 \(bezahlt\)/);
    const text = await downloadText(page, /PDF \(Deutsch\)/);
    expect(text).toContain('Rechnung RE202609-10001');
    expect(text).toContain('zzgl. 19 % MwSt.');
    const english = await downloadText(page, /PDF \(Englisch\)/);
    expect(english).toContain('Invoice RE202609-10001');

    await page.getByRole('link', { name: 'Positionen anzeigen' }).click();
    await expect(page.getByRole('region', { name: 'Positionen' })).toBeVisible();
    await expect(page.locator('tr[data-position="nvme_storage"]').first()).toContainText('NVMe Storage (5-GB-Schritt-Tage)');
  });

  test('R2.009 R2.102 R4.027 create a public link and open it signed out; the legacy #token/ link is rewritten', async ({ page, browser }) => {
    await login(page, users.manager);
    await page.goto('/a/invoices');
    await rows(page).first().getByRole('link', { name: /^RE\d/ }).click();
    await expect(page.getByTestId('public-link-state')).toHaveText('Es gibt noch keinen öffentlichen Link.');
    await page.getByRole('button', { name: 'Öffentlichen Link erstellen' }).click();
    const url = await page.getByRole('textbox', { name: 'Öffentlicher Link' }).inputValue();
    await expect(page.getByTestId('public-link-state')).toHaveAttribute('data-state', 'active');
    await expect(page.getByRole('button', { name: 'Öffentlichen Link erneuern' })).toBeVisible();

    const guest = await browser.newContext({ locale: 'de-DE' });
    const anon = await guest.newPage();
    const token = url.split('/a/invoice/public/')[1];
    await anon.goto(`/a/invoice/public/${token}`);
    await expect(anon.getByRole('heading', { level: 1, name: 'Rechnung RE202611-10001 (offen)' })).toBeVisible();
    await expect(anon.getByRole('region', { name: 'Positionen' })).toBeVisible();
    await anon.goto(`/a/invoice/public#token/${token}`);
    await expect(anon).toHaveURL(new RegExp(`/a/invoice/public/${token}$`));
    await expect(anon.getByRole('heading', { level: 1, name: /Rechnung RE202611-10001/ })).toBeVisible();
    await anon.goto('/a/invoice/public/unknown-token-aaaaaaaaaaaaaaaa');
    await expect(anon.getByText('Die Rechnung wurde nicht gefunden. Der Link ist ungültig oder abgelaufen.')).toBeVisible();
    await guest.close();
  });
});

test.describe('invoice list downloads (issue 31)', () => {
  test('R2.013 R9.007 the PDF and the XRechnung of an invoice are one click away on the list', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/invoices');
    const row = rows(page).filter({ hasText: 'RE202609-10001' });
    const pdf = await downloadBytes(row, /^Rechnung RE202609-10001 als PDF herunterladen$/);
    expect(pdf.filename).toBe('RE202609-10001.pdf');
    expect(pdfText(pdf.bytes)).toContain('Rechnung RE202609-10001');
    const xml = await downloadBytes(row, /^E-Rechnung RE202609-10001 \(XRechnung, XML\) herunterladen$/);
    expect(xml.filename).toBe('RE202609-10001-xrechnung.xml');
    const text = xml.bytes.toString('utf8');
    expect(await schemaErrors(text)).toEqual([]);
    expect(businessRuleViolations(text, { xrechnung: true })).toEqual([]);
    expect(text).toContain('<ram:ID>RE202609-10001</ram:ID>');
    // Still on the list: the downloads did not navigate.
    await expect(page.getByRole('heading', { level: 1, name: /Rechnungen/ })).toBeVisible();
  });

  test('R2.013 on a 375 px phone, in English, the download buttons are in view without scrolling the table', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/invoices');
    const row = rows(page).first();
    const pdfButton = row.getByRole('link', { name: 'Download invoice RE202611-10001 as PDF' });
    const xmlButton = row.getByRole('link', { name: 'Download e-invoice RE202611-10001 (XRechnung, XML)' });
    await expect(pdfButton).toBeInViewport();
    await expect(xmlButton).toBeInViewport();
    const box = await pdfButton.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const pdf = await downloadBytes(row, /^Download invoice RE202611-10001 as PDF$/);
    expect(pdfText(pdf.bytes)).toContain('Invoice RE202611-10001');
  });
});

test.describe('invoices (English)', () => {
  test('R9.007 download and validate the e-invoices in English', async ({ page }) => {
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/invoices');
    await rows(page).nth(1).getByRole('link', { name: /^RE\d/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Invoice RE202610-10001/ })).toBeVisible();
    await expect(page.getByText('E-invoice (EN 16931) for your accounting:')).toBeVisible();
    await checkEInvoices(page, 'RE202610-10001', { facturX: /ZUGFeRD\/Factur-X \(PDF\)/, xRechnung: /XRechnung \(XML\)/ });
  });

  test('R2.013 R4.014 the invoice list and an invoice in English', async ({ page }) => {
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/invoices');
    await expect(page.getByText('12 invoices')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).isDisabled();
    await rows(page).first().getByRole('link', { name: /^RE\d/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice RE202611-10001 (open)' })).toBeVisible();
    const text = await downloadText(page, /PDF \(English\)/);
    expect(text).toContain('Invoice RE202611-10001');
    expect(text).toContain('plus 19 % VAT');
  });
});
