import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';

/** Signs in as a user whose language may be English (the landing heading differs). */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page
    .getByLabel(/^(Passwort|Password)/)
    .first()
    .fill('Demo-Portal-2026');
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
}

const rows = (page: Page) => page.locator('tbody tr[data-contract]');

// The termination flows take ~45 s on a loaded machine (2 cores shared by many runs): more than the default.
test.describe.configure({ timeout: 90_000 });

test.describe('contracts (German)', () => {
  test('R9.007 R9.019 a hardware change shows a cost preview with proration, net and gross', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/contracts?type=cluster');
    await page.locator('tr[data-contract="20011"]').getByRole('link').click();
    const section = page.getByRole('region', { name: 'Kostenvorschau für Hardware-Änderungen' });
    const cpu = section.getByLabel('CPU');
    await cpu.fill(String(Number(await cpu.inputValue()) + 2));
    await section.getByRole('button', { name: 'Vorschau berechnen' }).click();
    await expect(section.getByTestId('cost-preview')).toContainText(
      /Kostenvorschau: .* netto, .* brutto inkl\. 19 % MwSt\. für den Rest des Abrechnungszeitraums/,
    );
  });

  test('R2.014 R2.099 R4.012 the list shows cluster and domain contracts with status, search, filters and sort', async ({ page }) => {
    await login(page, users.manager);
    await page.getByRole('link', { name: 'Verträge' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Verträge/ })).toBeVisible();
    await expect(page.getByText('12 Verträge')).toBeVisible();
    await expect(rows(page).first()).toContainText('20011');
    await expect(page.locator('tr[data-contract="D-300105"]')).toContainText('In Kündigung');
    await expect(page.locator('tr[data-contract="D-300110"]')).toContainText('Ausstehend');

    await page.getByLabel('Verträge suchen').fill('altshop');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Gekündigt');
    await page.getByLabel('Verträge suchen').fill('');

    await page.getByLabel('Art').click();
    await page.getByRole('option', { name: 'Cluster' }).click();
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Vertragsnummer' }).click();
    await expect(rows(page).first()).toContainText('20012');

    await page.locator('tr[data-contract="20011"]').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: /Cluster-Vertrag 20011/ })).toBeVisible();
    await expect(page.getByText('Extended Web Cluster', { exact: true })).toBeVisible();
    await expect(page.getByTestId('price-net')).toHaveText(/761,00\s€/);
    await expect(page.getByTestId('price-gross')).toHaveText(/905,59\s€/);
    await expect(page.getByText('60 Minuten')).toBeVisible();
  });

  test('R2.015 R2.100 R4.015 R4.016 R5.039 terminate a cluster, edit, abort, terminate again and confirm', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/contracts?type=cluster');
    await page.locator('tr[data-contract="20012"]').getByRole('link').click();
    await page.getByRole('link', { name: 'Vertrag kündigen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cluster 20012 kündigen' })).toBeVisible();
    // R9.007: before terminating, what it still costs until the end of term, net and gross.
    await expect(page.getByTestId('cost-preview')).toContainText('Kostenvorschau bis Vertragsende:');
    await expect(page.getByTestId('cost-preview')).toContainText('brutto inkl. 19 % MwSt.');

    // Without the confirmed text nothing is sent.
    await page.getByRole('button', { name: 'Kündigung absenden' }).click();
    await expect(page.getByText('Bitte bestätigen Sie den Kündigungstext.')).toBeVisible();
    await page.getByLabel('Grund (optional)').click();
    await page.getByRole('option', { name: 'Preis' }).click();
    await page
      .getByRole('checkbox', {
        name: /Ich kündige den Cluster Onlineshop Staging \(20012\) zum .* abgeschaltet, alle Daten am .* gelöscht\./,
      })
      .check();
    await page.getByRole('button', { name: 'Kündigung absenden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kündigung des Clusters 20012' })).toBeVisible();
    await expect(page.getByTestId('termination-status')).toHaveText('In Kündigung');
    await expect(page.getByText('Preis', { exact: true })).toBeVisible();

    // Edit: a later end of term.
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await page.getByLabel('Vertragsende').click();
    const second = page.getByRole('option').nth(1);
    const secondText = (await second.textContent()) ?? '';
    await second.click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kündigung des Clusters 20012' })).toBeVisible();
    await expect(page.getByText(secondText, { exact: true })).toBeVisible();

    // Abort: the contract is active again.
    await page.getByRole('button', { name: 'Kündigung zurücknehmen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Kündigung zurücknehmen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Cluster-Vertrag 20012/ })).toBeVisible();
    await expect(page.getByTestId('contract-status')).toHaveText('Aktiv');

    // Terminate again and confirm.
    await page.getByRole('link', { name: 'Vertrag kündigen' }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Kündigung absenden' }).click();
    await page.getByRole('button', { name: 'Kündigung bestätigen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Kündigung bestätigen' }).click();
    await expect(page.getByTestId('termination-status')).toHaveText('Bestätigt');
    await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveCount(0);
    await page
      .getByRole('button', { name: 'Zurück zu den Verträgen' })
      .or(page.getByRole('link', { name: 'Zurück zu den Verträgen' }))
      .click();
    await expect(page.locator('tr[data-contract="20012"]')).toContainText('Gekündigt');
  });

  test('R5.030 R3.040 a .co.uk domain contract says it must be terminated manually', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/contracts');
    await page.getByLabel('Verträge suchen').fill('co.uk');
    // The search is debounced and then writes the URL: wait until the list is filtered (one row), else the click on the
    // row (already in the unfiltered list) can be undone by the search's own navigation a moment later.
    await expect(rows(page)).toHaveCount(1);
    await rows(page).filter({ hasText: 'mueller-schmidt.co.uk' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: /Domain-Vertrag D-300104/ })).toBeVisible();
    await expect(page.getByText('Domains mit der Endung .co.uk oder .uk müssen manuell gekündigt werden.', { exact: false })).toBeVisible();
  });
});

test.describe('contracts (English)', () => {
  test('R9.007 R9.019 the hardware cost preview in English', async ({ page }) => {
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/contracts?type=cluster');
    await page.locator('tr[data-contract="20011"]').getByRole('link').click();
    const section = page.getByRole('region', { name: 'Cost preview for hardware changes' });
    await section.getByLabel('RAM').fill('8');
    await section.getByRole('button', { name: 'Calculate preview' }).click();
    await expect(section.getByTestId('cost-preview')).toContainText(
      /Cost preview: .* net, .* gross incl\. 19% VAT for the rest of the billing period/,
    );
  });

  test('R2.015 R4.015 R8.022 terminate, edit, abort, terminate again and confirm in English', async ({ page }) => {
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await page.goto('/a/contracts');
    await expect(page.getByRole('heading', { level: 1, name: /Contracts/ })).toBeVisible();
    await page.locator('tr[data-contract="20011"]').getByRole('link').click();
    await expect(page.getByTestId('price-net')).toHaveText('€761.00');
    await page.getByRole('link', { name: 'Terminate contract' }).click();
    await expect(page.getByTestId('cost-preview')).toContainText('Cost preview until the end of term:');
    await page.getByRole('checkbox', { name: /I terminate cluster Onlineshop Produktion \(20011\) as of/ }).check();
    await page.getByRole('button', { name: 'Submit termination' }).click();
    await expect(page.getByTestId('termination-status')).toHaveText('In termination');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Remark (optional)').fill('Moving our shop');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Moving our shop')).toBeVisible();
    await page.getByRole('button', { name: 'Withdraw termination' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw termination' }).click();
    await expect(page.getByTestId('contract-status')).toHaveText('Active');
    await page.getByRole('link', { name: 'Terminate contract' }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit termination' }).click();
    await page.getByRole('button', { name: 'Confirm termination' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm termination' }).click();
    await expect(page.getByTestId('termination-status')).toHaveText('Confirmed');
  });
});
