import { expect, test } from './fixtures';
import { login, password, users } from './helpers';

/**
 * Issue 8, defect 11: opening the portal at http://127.0.0.1:<port>/a/ instead of localhost works in
 * development (no PUBLIC_URL). Issue 8, defect 2: the change-password dialog offers to delete the
 * personal access tokens, says how many there are, and does it by default.
 */
test.describe('security review', () => {
  test('signs in through http://127.0.0.1:<port> without a "session expired" message', async ({ page, baseURL }) => {
    const loopback = baseURL!.replace('localhost', '127.0.0.1');
    await page.goto(`${loopback}/a/login`);
    await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(users.other);
    await page.getByLabel(/^(Passwort|Password)/).first().fill(password);
    await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
    await expect(page.getByText(/Sitzung ist nicht mehr gültig|session is no longer valid/)).toHaveCount(0);
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  });

  test('the change-password dialog offers to delete the tokens, with their number, ticked by default', async ({ page }) => {
    await login(page, users.partner);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'portal_csrf')!.value;
    for (const name of ['Backup-Skript', 'Monitoring']) {
      const res = await page.request.post('/api/v1/me/personal-access-tokens', {
        data: { name, expires: 0, abilities: { global: true } },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/a/profile/security');
    await page.getByRole('button', { name: 'Passwort ändern' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    const revoke = dialog.getByRole('checkbox', { name: 'Auch alle 2 persönlichen Zugriffstoken löschen' });
    await expect(revoke).toBeChecked();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/security-review/change-password-de-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByLabel('Aktuelles Passwort').fill(password);
    await dialog.getByLabel(/^Neues Passwort/).nth(0).fill('Lampe Regen Fahrrad 7');
    await dialog.getByLabel(/^Neues Passwort wiederholen/).fill('Lampe Regen Fahrrad 7');
    await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText('2 persönliche Zugriffstoken wurden gelöscht.')).toBeVisible();
    await page.goto('/a/profile/personal-access-token');
    await expect(page.getByText('Backup-Skript')).toHaveCount(0);
  });
});
