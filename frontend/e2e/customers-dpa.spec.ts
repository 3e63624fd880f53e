import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';
import { mailTo } from './mailbox';

// Whole flows (sign-in, PDF rendering, mail) on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Signs in and switches the UI to English (the demo users prefer German; the switch stores the choice in the
 * account). No language in local storage beforehand: the sign-in page loads the portal in the account's
 * language, and a stored English would be overridden by it only after the first screen.
 */
async function loginInEnglish(page: Page, email: string) {
  await login(page, email);
  if ((await page.evaluate(() => document.documentElement.lang)) !== 'en') await page.getByRole('button', { name: 'Sprache wechseln: English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}
/** Manager of 10004 and administrator of its cluster 20041, which requires 2FA; the user has none. */
const security = 'security@demo.example';

async function openCustomer(page: Page, name: RegExp) {
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/a\/customers\/\d+\/edit$/);
}

const dpaSection = (page: Page) => page.getByRole('region', { name: /^(Vertrag zur Auftragsverarbeitung|Data processing agreement)$/ });

test.describe('DPA, documents, 2FA requirement and columns (German)', () => {
  test('R4.021 R5.040 R4.022 R2.086 R3.037 conclude the DPA by the confirmed checkbox; completion page; the PDF arrives by e-mail', async ({ page }) => {
    await login(page, users.other);
    await openCustomer(page, /Bäckerei Sonnenschein e\.K\. \(10003\) verwalten/);
    const dpa = dpaSection(page);
    await expect(dpa.getByTestId('dpa-state')).toHaveText('Nicht abgeschlossen');
    await dpa.getByRole('button', { name: 'Vertrag abschließen' }).click();
    await expect(dpa.getByRole('alert')).toHaveText('Bitte bestätigen Sie, dass Sie den Vertrag zur Auftragsverarbeitung abschließen.');
    const since = Date.now() - 1000;
    await dpa.getByRole('checkbox', { name: /Ich schließe im Namen des Kunden den Vertrag zur Auftragsverarbeitung/ }).check();
    await dpa.getByRole('button', { name: 'Vertrag abschließen' }).click();
    await expect(page).toHaveURL(/\/a\/customers\/\d+\/dpa\/completed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag zur Auftragsverarbeitung abgeschlossen' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /hat am .* den Vertrag zur Auftragsverarbeitung in der Version 2026-10 für Bäckerei Sonnenschein e\.K\. abgeschlossen/ })).toBeVisible();

    const mail = await mailTo(users.other, 'dpaConcluded', since);
    expect(mail.subject).toBe('Vertrag zur Auftragsverarbeitung abgeschlossen: Bäckerei Sonnenschein e.K. (10003)');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'dpa-10003-2026-10.pdf', contentType: 'application/pdf' })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(1000);

    await page.getByRole('link', { name: 'Zurück zum Kunden' }).click();
    await expect(dpaSection(page).getByTestId('dpa-state')).toHaveText('Abgeschlossen');
    await expect(dpaSection(page).locator('tr[data-dpa-version="2026-10"]')).toBeVisible();
  });

  test('R2.085 download a customer document: streamed PDF with Content-Type and an RFC 6266 file name', async ({ page }) => {
    await login(page, users.manager);
    await openCustomer(page, /Müller & Schmidt Online GmbH \(10001\) verwalten/);
    const documents = page.getByRole('region', { name: 'Dokumente' });
    await expect(documents.getByRole('table', { name: 'Allgemeine Dokumente' })).toContainText('Preisliste Managed Hosting');
    const row = documents.getByRole('table', { name: 'Kundendokumente' }).locator('tr[data-document="Auftragsbestätigung-20011.pdf"]');
    await expect(row).toContainText('Auftragsbestätigung');
    await expect(row).toContainText(/\d+,\d kB/);
    const response = page.waitForResponse((r) => /\/documents\/\d+\/download$/.test(r.url()));
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /herunterladen$/ }).click();
    const headers = (await response).headers();
    expect((await response).status()).toBe(200);
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toBe(`attachment; filename="Auftragsbestatigung-20011.pdf"; filename*=UTF-8''Auftragsbest%C3%A4tigung-20011.pdf`);
    expect((await download).suggestedFilename()).toBe('Auftragsbestätigung-20011.pdf');
  });

  test('R2.091 R4.024 R4.025 R5.041 cluster 2FA requirement: deactivating always works, activating needs the own 2FA', async ({ page }) => {
    await login(page, security);
    const toggle = page.getByRole('switch', { name: 'Zwei-Faktor-Authentifizierung für Zutrittskontrolle (20041) voraussetzen' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByRole('status').filter({ hasText: 'Für den Cluster Zutrittskontrolle (20041) ist die Zwei-Faktor-Authentifizierung nicht mehr Pflicht.' })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Um die Zwei-Faktor-Authentifizierung für den Cluster vorauszusetzen, richten Sie sie zuerst für Ihren eigenen Zugang ein.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });

  test('R9.032 R2.082 column settings of the cluster overview are kept in the browser and survive a reload', async ({ page }) => {
    await login(page, users.manager);
    const table = page.getByRole('table', { name: 'Ihre Cluster' });
    await expect(table.getByRole('columnheader', { name: 'Managed Service' })).toBeVisible();
    await page.getByRole('button', { name: 'Spalten' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Managed Service' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Ihre Rolle' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Managed Service' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Ihre Cluster' }).getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ihre Cluster' }).getByRole('columnheader', { name: 'Managed Service' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Ihre Cluster' }).getByRole('columnheader', { name: 'Ihre Rolle' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('portal.clusterOverview.hiddenColumns'))).toBe('["sla","role"]');
    await page.getByRole('button', { name: 'Spalten' }).click();
    await page.getByRole('menuitem', { name: 'Zurücksetzen' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Ihre Cluster' }).getByRole('columnheader', { name: 'Managed Service' })).toBeVisible();
  });
});

test.describe('DPA, documents, 2FA requirement and columns (English)', () => {
  test('R4.023 R4.022 R2.086 an outdated DPA shows who concluded which version when and is concluded again; TOMs download', async ({ page }) => {
    await loginInEnglish(page, users.partner);
    await openCustomer(page, /Manage Nordlicht Medien GmbH & Co\. KG \(10002\)/);
    const dpa = dpaSection(page);
    await expect(dpa.getByTestId('dpa-state')).toHaveText('Conclude the new version');
    await expect(dpa.getByText('There is a new version 2026-10 of the data processing agreement. Please conclude it again.')).toBeVisible();
    await expect(dpa.locator('tr[data-dpa-version="2024-05"]')).toContainText(/Concluded|2024/);
    const since = Date.now() - 1000;
    await dpa.getByRole('checkbox', { name: /On behalf of the customer I conclude the data processing agreement, version 2026-10/ }).check();
    await dpa.getByRole('button', { name: 'Conclude agreement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data processing agreement concluded' })).toBeVisible();
    await expect(page.getByText('Every manager of the customer receives the agreement as PDF by e-mail.', { exact: false })).toBeVisible();
    const mail = await mailTo(users.partner, 'dpaConcluded', since);
    // In the recipient's language: switching the UI to English stored it in the account.
    expect(mail.subject).toBe('Data processing agreement concluded: Nordlicht Medien GmbH & Co. KG (10002)');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    await page.getByRole('link', { name: 'Back to the customer' }).click();
    await expect(dpaSection(page).locator('tbody tr')).toHaveCount(2);
    await expect(dpaSection(page).getByTestId('dpa-state')).toHaveText('Concluded');
    // The TOMs (annex) download as PDF.
    const toms = page.waitForEvent('download');
    await dpaSection(page).getByRole('button', { name: 'TOMs (English)' }).click();
    expect((await toms).suggestedFilename()).toBe('TOMs.pdf');
  });

  test('R2.082 R2.085 documents per cluster from the overview', async ({ page }) => {
    await loginInEnglish(page, users.admin);
    await page.locator('tr[data-cluster="20011"]').getByRole('button', { name: /^Documents of / }).click();
    const dialog = page.getByRole('dialog', { name: /^Documents of cluster .*\(20011\)$/ });
    await expect(dialog.getByRole('row')).toHaveCount(3);
    await expect(dialog).toContainText('Order confirmation');
    const response = page.waitForResponse((r) => /\/api\/v1\/clusters\/\d+\/documents\/\d+\/download$/.test(r.url()));
    const download = page.waitForEvent('download');
    await dialog.locator('tr[data-document="Vertrag-20011.pdf"]').getByRole('button').click();
    expect((await response).headers()['content-type']).toBe('application/pdf');
    expect((await response).headers()['content-disposition']).toContain(`filename*=UTF-8''Vertrag-20011.pdf`);
    expect((await download).suggestedFilename()).toBe('Vertrag-20011.pdf');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('R5.041 R6.004 an administrator without own 2FA cannot require it for the cluster', async ({ page }) => {
    await loginInEnglish(page, users.admin);
    const toggle = page.getByRole('switch', { name: /^Require two-factor authentication for .*\(20011\)$/ });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('To require two-factor authentication for the cluster, first set it up for your own account.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });
});
