import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { login, password, users } from './helpers';

/** The seeded staff member (core/seed/impersonationsDemo.ts) and their authenticator app. */
const staff = { email: 'staff@demo.example', secret: 'AWKNGC5TKULZQCEOVHDMC5RCLBZJAVJQ' };
const totp = new TOTP({ secret: Secret.fromBase32(staff.secret), digits: 6, period: 30 });
let lastStep = 0;

/**
 * A fresh code of the staff member's app. The server accepts each 30-second step once and the steps
 * next to the current one, so a test takes the next unused step and waits when it would run ahead.
 */
async function nextCode(): Promise<string> {
  const now = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(now() - 1, lastStep + 1);
  while (step > now() + 1) await new Promise((r) => setTimeout(r, 1000));
  lastStep = step;
  return totp.generate({ timestamp: step * 30_000 + 15_000 });
}

/** The staff member signs in with password and second factor (the API, as a password manager would). */
async function staffSignsIn(page: Page): Promise<void> {
  const first = await page.request.post('/api/v1/session', { data: { email: staff.email, password } });
  const { challenge } = await first.json();
  expect(challenge).toBeTruthy();
  const second = await page.request.post('/api/v1/session/two-factor', { data: { challenge, code: await nextCode() } });
  expect(second.status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.describe('impersonation (German)', () => {
  test.setTimeout(120_000);

  test('R2.006 R6.007 a staff member acts as a customer only through the two-factor challenge; a banner shows it; the user’s own changes are refused; the end returns to the login', async ({ page }) => {
    await staffSignsIn(page);
    await page.goto('/a/');
    await expect(page.getByTestId('staff-bar')).toContainText('Mitarbeiter:');
    await page.getByRole('link', { name: 'als Kunde handeln' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Als Kunde handeln' })).toBeVisible();
    await page.getByLabel(/E-Mail-Adresse des Benutzers/).fill(users.manager);
    await page.getByRole('button', { name: 'Link erstellen' }).click();
    await expect(page.getByTestId('impersonation-link')).toContainText('Link für Anna Berger (manager@demo.example)');
    await expect(page.getByLabel('Link zur Zwei-Faktor-Abfrage')).toHaveValue(/\/a\/impersonate-two-factor-challenge\/\d+\/[\w-]{43}$/);
    await page.getByRole('button', { name: 'Abfrage öffnen' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Identitätswechsel bestätigen' })).toBeVisible();
    await page.getByLabel(/Code aus der Authenticator-App/).fill('000000');
    await page.getByRole('button', { name: 'Bestätigen und als Benutzer handeln' }).click();
    await expect(page.getByText(/Der Code ist falsch oder wurde schon verwendet/)).toBeVisible();
    await page.getByLabel(/Code aus der Authenticator-App/).fill(await nextCode());
    await page.getByRole('button', { name: 'Bestätigen und als Benutzer handeln' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Anna Berger');
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('Sie handeln als Anna Berger (manager@demo.example) – Mitarbeiter Sabine Krüger.');
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(2);

    // The banner stays on every page, and the user's own permission changes are refused.
    await page.goto('/a/profile/permissions');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Aktionen für 20011 Onlineshop Produktion' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Administrator-Berechtigung abgeben' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'während ein Mitarbeiter als der Benutzer handelt' })).toBeVisible();

    await banner.getByRole('button', { name: 'Identitätswechsel beenden' }).click();
    await expect(page).toHaveURL(/\/a\/login$/);
    await expect(page.getByText('Der Identitätswechsel ist beendet. Melden Sie sich wieder mit Ihrem eigenen Konto an.')).toBeVisible();
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  });

  test('R6.007 customers cannot create links: the staff page is not found for them, and a broken link shows the error', async ({ page }) => {
    await login(page, users.manager);
    await expect(page.getByTestId('staff-bar')).toHaveCount(0);
    await page.goto('/a/impersonation');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await page.goto('/a/impersonate-two-factor-challenge/1/not-a-valid-token-at-all');
    await page.getByLabel(/Code aus der Authenticator-App/).fill('123456');
    await page.getByRole('button', { name: 'Bestätigen und als Benutzer handeln' }).click();
    await expect(page.getByText('Der Link für den Identitätswechsel ist ungültig, schon verwendet oder abgelaufen. Bitte erstellen Sie einen neuen.')).toBeVisible();
  });
});

test.describe('impersonation (English)', () => {
  test.setTimeout(120_000);

  test('R2.006 R6.007 the challenge and the banner in English', async ({ page }) => {
    await staffSignsIn(page);
    await page.goto('/a/impersonation');
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Act as a customer' })).toBeVisible();
    // Tobias Schmidt works in English, so the customer's view stays English.
    await page.getByLabel(/E-mail address of the user/).fill('tobias.schmidt@mueller-schmidt.example');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('button', { name: 'Open the challenge' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm impersonation' })).toBeVisible();
    await page.getByLabel(/Code from the authenticator app/).fill(await nextCode());
    await page.getByRole('button', { name: 'Confirm and act as user' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Tobias Schmidt');
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText('You are acting as Tobias Schmidt (tobias.schmidt@mueller-schmidt.example) – staff member Sabine Krüger.');
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'End impersonation' }).click();
    await expect(page.getByText('The impersonation has ended. Log in again as yourself.')).toBeVisible();
    await expect(page).toHaveURL(/\/a\/login$/);
  });
});
