import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';

const colleague = 'tobias.schmidt@mueller-schmidt.example';

/** Signs in; the landing heading depends on the user's language. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill('Demo-Portal-2026');
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
}

const rows = (page: Page) => page.locator('tbody tr[data-permission]');

test.describe('my data → permissions (German)', () => {
  test('R2.012 R2.077 R2.078 R2.079 R7.001 R3.014 R3.015 both kinds of permission in one table, sorted by cluster, searchable and sortable', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/profile/permissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Berechtigungen' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    // Initially sorted by cluster: the administrated cluster first, the managed customer (all its clusters) after it.
    await expect(rows(page).nth(0)).toContainText('20011');
    await expect(rows(page).nth(0)).toContainText('Onlineshop Produktion');
    await expect(rows(page).nth(0)).toContainText('Administrator');
    await expect(rows(page).nth(1)).toContainText('Alle Cluster des Kunden');
    await expect(rows(page).nth(1)).toContainText('Müller & Schmidt Online GmbH (10001)');
    await expect(rows(page).nth(1)).toContainText('Manager');
    await expect(page.getByRole('columnheader', { name: 'Cluster' })).toHaveAttribute('aria-sort', 'ascending');

    await page.getByRole('button', { name: 'Rolle' }).click();
    await expect(rows(page).nth(0)).toContainText('Administrator');
    await page.getByRole('button', { name: 'Rolle' }).click();
    await expect(rows(page).nth(0)).toContainText('Manager');

    await page.getByLabel('Berechtigungen durchsuchen').fill('Produktion');
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel('Berechtigungen durchsuchen').fill('gibt es nicht');
    await expect(page.getByText('Keine Berechtigung passt zu Ihrer Suche.')).toBeVisible();
  });

  test('R5.023 R5.024 R8.014 R8.015 the server refuses what §5 forbids, with the manager- and administrator-specific confirmation before', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/profile/permissions');
    await page.getByRole('button', { name: 'Aktionen für Müller & Schmidt Online GmbH' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const managerDialog = page.getByRole('dialog', { name: 'Müller & Schmidt Online GmbH nicht mehr verwalten?' });
    await expect(managerDialog).toContainText('Manager-Berechtigung für den Kunden Müller & Schmidt Online GmbH (10001)');
    await managerDialog.getByRole('button', { name: 'Manager-Berechtigung abgeben' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'weil er die Ansprechperson des Kunden ist' })).toBeVisible();

    await page.getByRole('button', { name: 'Aktionen für 20011 Onlineshop Produktion' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Cluster 20011 nicht mehr administrieren?' });
    await expect(adminDialog).toContainText('Managed Center');
    await adminDialog.getByRole('button', { name: 'Administrator-Berechtigung abgeben' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'solange er noch Manager des Kunden ist' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
  });

  test('R7.003 R8.036 an administrator gives up the cluster: success notice, empty list, and the dashboard no longer shows it', async ({ page }) => {
    await login(page, users.admin);
    await page.goto('/a/profile/permissions');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Aktionen für 20011 Onlineshop Produktion' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cluster 20011 nicht mehr administrieren?' });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Aktionen für 20011 Onlineshop Produktion' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    await dialog.getByRole('button', { name: 'Administrator-Berechtigung abgeben' }).click();
    await expect(page.getByText('Ihre Administrator-Berechtigung für den Cluster wurde entzogen.')).toBeVisible();
    await expect(page.getByTestId('permissions-empty')).toHaveText('Sie haben noch keine Berechtigungen.');
    // §2: the search box appears only when there are entries.
    await expect(page.getByLabel('Berechtigungen durchsuchen')).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(0);
  });
});

test.describe('my data → permissions (English)', () => {
  test('R2.080 R7.002 R8.036 a manager gives up a customer after the manager confirmation', async ({ page }) => {
    // Tobias Schmidt uses the portal in English.
    await signIn(page, colleague);
    await page.goto('/a/profile/permissions');
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('All clusters of the customer');
    await page.getByRole('button', { name: 'Actions for Müller & Schmidt Online GmbH' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop managing Müller & Schmidt Online GmbH?' });
    await expect(dialog).toContainText('You give up the manager right for customer Müller & Schmidt Online GmbH (10001)');
    await dialog.getByRole('button', { name: 'Give up manager right' }).click();
    await expect(page.getByText('Your manager right for the customer has been revoked.')).toBeVisible();
    await expect(page.getByTestId('permissions-empty')).toHaveText('You have no permissions yet.');
  });

  test('R5.023 R8.014 the partner manager cannot give up the customer', async ({ page }) => {
    await login(page, users.partner);
    // The choice is the user's setting once the server has stored it: the next page is rendered in it (with
    // server rendering the page's request could otherwise overtake the PATCH and come in German).
    const english = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/settings') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await english;
    await page.goto('/a/profile/permissions');
    await page.getByRole('button', { name: 'Actions for Nordlicht Medien GmbH & Co. KG' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Give up manager right' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'they are the partner manager of the customer' })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    // Back to German for the other tests of this user.
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/settings') && r.request().method() === 'PATCH' && r.ok());
    await page.getByRole('button', { name: /Switch language: Deutsch/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Berechtigungen' })).toBeVisible();
    await stored;
  });
});
