import { type Download, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pdfText } from './billingPdfText';
import { login, users } from './helpers';

/** Demo logins of the partner programme (core/partner/demo.ts). */
const authorizedUser = 'mia.krueger@alpenblick-reisen.example';
const inactivePartner = 'inactive.partner@demo.example';

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function downloadFrom(page: Page, click: () => Promise<void>): Promise<{ name: string; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), body: await bytesOf(download) };
}

const creditRows = (page: Page) => page.locator('tbody tr[data-credit]');
const materialRows = (page: Page) => page.locator('tbody tr[data-material]');

test.describe('partner area (German)', () => {
  test('R2.019 R2.036 R3.054 R9.029 the partner opens the overview from the menu: level, progress, chart per month; switches the year; the values as a table open with the mouse', async ({ page }) => {
    await login(page, users.partner);
    await page.getByRole('link', { name: 'Partner' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partnerübersicht' })).toBeVisible();
    await expect(page.getByTestId('partner-name')).toHaveText('Nordlicht Medien GmbH & Co. KG · Partnernummer 70001');
    await expect(page.getByTestId('partner-level')).toHaveAttribute('data-level', 'gold');
    await expect(page.getByTestId('partner-level')).toContainText('17,5 % des Wegs zur Stufe Platin');
    const chart = page.getByTestId('partner-chart');
    await expect(chart.getByRole('heading', { name: 'Umsatz und Provision pro Monat 2026' })).toBeVisible();
    await expect(chart.locator('svg rect.MuiBarChart-element').first()).toBeVisible();
    expect(await chart.locator('svg rect.MuiBarChart-element').count()).toBeGreaterThanOrEqual(20);
    await expect(page.getByTestId('total-revenue')).toHaveText('29.375,00 €');

    await page.getByTestId('year-2025').click();
    await expect(page).toHaveURL(/\/a\/partner\/\d+\/2025$/);
    await expect(page.getByTestId('partner-level')).toHaveAttribute('data-level', 'silver');
    await expect(page.getByTestId('partner-level')).toContainText('Silber');
    await expect(page.getByTestId('total-revenue')).toHaveText('21.525,00 €');
    await expect(chart.getByRole('heading', { name: 'Umsatz und Provision pro Monat 2025' })).toBeVisible();
    // The same values as a table for screen readers and keyboard users (collapsed under the chart).
    await expect(chart.locator('details tr', { hasText: 'Januar 2025' })).toContainText('1.587,50 €');
    // … and it opens with the mouse: nothing of the chart lies over "Werte als Tabelle" (issue 31, finding 6),
    // at a desktop width and on a phone.
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const summary = chart.getByText('Werte als Tabelle');
      await summary.scrollIntoViewIfNeeded();
      const box = (await summary.boundingBox())!;
      const x = box.x + Math.min(20, box.width / 2);
      const y = box.y + box.height / 2;
      // The element under the pointer is the summary itself (elementFromPoint is what a real click hits).
      expect(await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.closest('summary') !== null, [x, y])).toBe(true);
      await page.mouse.click(x, y);
      await expect(chart.locator('details tr', { hasText: 'Januar 2025' })).toBeVisible();
      await page.mouse.click(x, y);
      await expect(chart.locator('details tr', { hasText: 'Januar 2025' })).toBeHidden();
    }
  });

  test('R2.020 R3.055 payouts: filter by customer, sums, CSV export and a credit note PDF', async ({ page }) => {
    await login(page, users.partner);
    await page.goto('/a/partner');
    await page.getByRole('tab', { name: 'Auszahlungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auszahlungen' })).toBeVisible();
    await expect(creditRows(page)).toHaveCount(18);
    await page.getByRole('combobox', { name: 'Kunde' }).click();
    await page.getByRole('option', { name: 'Alpenblick Reisen GmbH (10005)' }).click();
    await expect(page).toHaveURL(/\/a\/partner\/payments\/\d+\/\d+$/);
    await expect(creditRows(page)).toHaveCount(7);
    await expect(creditRows(page).first()).toContainText('Freigegeben');
    await expect(page.getByTestId('sum-outstanding')).not.toHaveText('0,00 €');

    const first = creditRows(page).first();
    const number = await first.getAttribute('data-credit');
    const pdf = await downloadFrom(page, () => first.getByRole('link', { name: `Gutschrift ${number} als PDF herunterladen` }).click());
    expect(pdf.name).toBe(`${number}.pdf`);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.body);
    expect(text).toContain(`Gutschrift ${number}`);
    expect(text).toContain('Alpenblick Reisen GmbH (10005)');

    const csv = await downloadFrom(page, () => page.getByRole('link', { name: 'CSV exportieren' }).click());
    expect(csv.name).toBe('gutschriften-70001.csv');
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Gutschrift;Erstellt am;Ausgezahlt am;Verwendungszweck;Kundennummer;Kunde;Betrag (EUR);Status');
    expect(lines).toHaveLength(8);
  });

  test('R2.021 R3.056 R6.005 sales material: filter by language and download', async ({ page }) => {
    await login(page, users.partner);
    await page.goto('/a/partner/material');
    await expect(page.getByRole('heading', { level: 1, name: 'Vertriebsmaterial' })).toBeVisible();
    await expect(materialRows(page)).toHaveCount(6);
    await page.getByRole('button', { name: 'Deutsch', exact: true }).click();
    await expect(materialRows(page)).toHaveCount(3);
    await expect(page.getByTestId('material-inactive')).toHaveCount(0);
    const row = page.locator('tr[data-material="Partnerbroschüre 2026"]');
    await expect(row).toContainText('PDF');
    const file = await downloadFrom(page, () => row.getByRole('link', { name: 'Partnerbroschüre 2026 herunterladen' }).click());
    expect(file.name).toBe('partnerbroschuere-2026.pdf');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('R2.022 R3.057 R4.013 partner contracts: search and sort', async ({ page }) => {
    await login(page, users.partner);
    await page.goto('/a/partner/contracts');
    await expect(page.locator('tbody tr[data-contract]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('button', { name: 'Status' }).click();
    await expect(page.locator('tbody tr[data-contract]').first()).toContainText('Beendet');
    await page.getByLabel('Suche nach Vertrag oder Kunde').fill('Küstenwerk');
    await expect(page.locator('tbody tr[data-contract]')).toHaveCount(1);
    await expect(page.locator('tbody tr[data-contract]').first()).toContainText('PV-70001-0002');
  });

  test('R2.023 R3.058 R5.023 authorised users: add a manager of a referred customer, remove them after confirming; the partner manager stays', async ({ page }) => {
    await login(page, users.partner);
    await page.goto('/a/partner/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Berechtigte Benutzer' })).toBeVisible();
    await expect(page.locator('tr[data-user="partner@demo.example"]')).toContainText('Nicht entfernbar');
    await page.getByRole('button', { name: 'Benutzer berechtigen' }).click();
    await page.getByRole('combobox', { name: 'Manager' }).click();
    await page.getByRole('option', { name: /Paul Neumann/ }).click();
    await page.getByRole('button', { name: 'Berechtigen', exact: true }).click();
    const paul = page.locator('tr[data-user="paul.neumann@kuestenwerk.example"]');
    await expect(paul).toContainText('Berechtigter Benutzer');
    await paul.getByRole('button', { name: 'Berechtigung von Paul Neumann entfernen' }).click();
    await expect(page.getByRole('dialog', { name: 'Berechtigung entfernen?' })).toBeVisible();
    await page.getByRole('button', { name: 'Entfernen', exact: true }).click();
    await expect(paul).toHaveCount(0);
  });

  test('R8.026 R6.005 the partner without an active partnership sees the material but gets the §8 message (German and English)', async ({ page }) => {
    await login(page, inactivePartner);
    await page.goto('/a/partner/material');
    await expect(page.getByTestId('material-inactive')).toHaveText('Download ohne aktive Partnerschaft nicht möglich.');
    await expect(materialRows(page).first().getByRole('button', { name: /herunterladen/ })).toBeDisabled();
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/v1/partner-material/1/download');
      return { status: res.status, body: await res.json() };
    });
    expect(api).toEqual({ status: 403, body: expect.objectContaining({ error: expect.objectContaining({ message: 'errors.partnership_inactive' }) }) });
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await expect(page.getByTestId('material-inactive')).toHaveText('Download not possible without an active partnership.');
  });

  test('R5.003 R2.019 R2.020 R2.021 R2.022 R2.023 a manager who is not a partner gets the 404 page on every partner route, and the API refuses them', async ({ page }) => {
    await login(page, users.manager);
    await expect(page.getByRole('link', { name: 'Partner', exact: true })).toHaveCount(0);
    for (const path of ['/a/partner', '/a/partner/1', '/a/partner/1/2025', '/a/partner/payments', '/a/partner/payments/1/5', '/a/partner/material', '/a/partner/contracts/1', '/a/partner/users/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    }
    const statuses = await page.evaluate(async () =>
      Promise.all(
        ['/api/v1/partners', '/api/v1/partners/1/overview', '/api/v1/partners/1/credits', '/api/v1/partners/1/contracts', '/api/v1/partners/1/users', '/api/v1/partner-material', '/api/v1/partner-material/1/download'].map(
          async (url) => (await fetch(url)).status,
        ),
      ),
    );
    expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 404]);
  });
});

test.describe('partner area (English)', () => {
  test('R2.019 R2.020 R2.021 R3.055 an authorised user: overview with chart, switch year, filter payouts, credit note and material download in English', async ({ page }) => {
    test.slow(); // four screens and two downloads in one walk
    await login(page, authorizedUser);
    await page.getByRole('link', { name: 'Partner' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partner overview' })).toBeVisible();
    await expect(page.getByTestId('partner-level')).toContainText('17.5% of the way to Platinum');
    await expect(page.getByTestId('partner-chart').getByRole('heading', { name: 'Revenue and commission per month 2026' })).toBeVisible();
    await page.getByTestId('year-2025').click();
    await expect(page.getByTestId('partner-level')).toContainText('Silver');
    await expect(page.getByTestId('total-revenue')).toHaveText('€21,525.00');

    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Rheinufer Logistik AG (10007)' }).click();
    await expect(creditRows(page)).toHaveCount(4);
    await expect(creditRows(page).first()).toContainText('Paid out');
    const first = creditRows(page).first();
    const number = await first.getAttribute('data-credit');
    const pdf = await downloadFrom(page, () => first.getByRole('link', { name: `Download credit note ${number} as PDF` }).click());
    expect(pdfText(pdf.body)).toContain(`Credit note ${number}`);

    await page.getByRole('tab', { name: 'Sales material' }).click();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await expect(materialRows(page)).toHaveCount(3);
    const logo = await downloadFrom(page, () => page.getByRole('link', { name: 'Download Logo “Certified partner”' }).click());
    expect(logo.name).toBe('logo-certified-partner.svg');
    expect(logo.body.toString()).toContain('<svg');
    // Authorised users see the team but do not manage it.
    await page.getByRole('tab', { name: 'Authorized users' }).click();
    await expect(page.locator('tr[data-user]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Authorize user' })).toHaveCount(0);
  });

  test('R5.003 the 404 page in English for a non-partner', async ({ page }) => {
    await login(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/partner/material');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
