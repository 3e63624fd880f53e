import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users, visitorLanguage } from './helpers';

/** The seeded demo invitations (core/seed/invitationsDemo.ts). */
const demo = {
  newColleague: { token: 'demo-invitation-new-colleague-10001', email: 'new.colleague@demo.example' },
  otherAdministrator: { token: 'demo-invitation-other-20012', email: 'other@demo.example' },
  freelancer: { token: 'demo-invitation-freelancer-20011', email: 'freelancer@demo.example' },
  partnerAdministrator: { token: 'demo-invitation-partner-20012', email: 'partner@demo.example' },
};
const strongPassword = 'Kaffeetasse-Fahrrad-Nordsee-27';

/** The invitation's id, as the typed links carry it. */
async function invitationId(page: Page, link: { token: string; email: string }): Promise<number> {
  const res = await page.request.post('/api/v1/invitations/lookup', { data: link });
  expect(res.status()).toBe(200);
  return (await res.json()).id;
}

const english = (page: Page) => visitorLanguage(page.context(), 'en');

test.describe('invitations and registration (German)', () => {
  test('R2.005 R2.093 R2.094 a guest sets a password, accepts and lands on the dashboard as manager; the used link is invalid', async ({ page, browser }) => {
    await page.goto(`/a/invitation/${demo.newColleague.token}/${demo.newColleague.email}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Einladung' })).toBeVisible();
    const summary = page.getByTestId('invitation-summary');
    await expect(summary).toContainText('Anna Berger lädt Sie (new.colleague@demo.example) ein, den Kunden Müller & Schmidt Online GmbH (10001) zu verwalten');
    await expect(summary).toContainText('Die Einladung ist gültig bis');

    await page.getByRole('button', { name: 'Annehmen und Konto anlegen' }).click();
    await expect(page.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
    await page.getByLabel(/^Vorname/).fill('Nora');
    await page.getByLabel(/^Nachname/).fill('Neumann');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('kurz');
    await page.getByLabel(/^Passwort wiederholen/).fill('anders');
    await page.getByRole('button', { name: 'Annehmen und Konto anlegen' }).click();
    await expect(page.getByText('Das Passwort muss 12 bis 255 Zeichen lang sein.')).toBeVisible();
    await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
    // Long enough but easy to guess: the server's strength rule answers on the field.
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('password1234');
    await page.getByLabel(/^Passwort wiederholen/).fill('password1234');
    await page.getByRole('button', { name: 'Annehmen und Konto anlegen' }).click();
    await expect(page.getByText(/Das Passwort ist zu leicht zu erraten/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(strongPassword);
    await page.getByLabel(/^Passwort wiederholen/).fill(strongPassword);
    // After accepting, nothing answers with an error (the used invitation was looked up again: a 404 in the console).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'Annehmen und Konto anlegen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Nora Neumann');
    await expect(page.getByText('Willkommen! Sie verwalten jetzt den Kunden Müller & Schmidt Online GmbH.')).toBeVisible();
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(2);
    expect(failed).toEqual([]);

    const other = await browser.newPage();
    await other.goto(`/a/invitation/${demo.newColleague.token}/${demo.newColleague.email}`);
    await expect(other.getByTestId('invitation-invalid')).toContainText('Ungültiges Einladungs- oder Registrierungstoken.');
    await other.close();
  });

  test('R2.018 R2.094 a signed-in user accepts an invitation to their address; another account is told the address does not match', async ({ page }) => {
    const id = await invitationId(page, demo.otherAdministrator);
    const path = `/a/invitation/administrator/${demo.otherAdministrator.token}/${demo.otherAdministrator.email}/${id}`;
    await login(page, users.manager);
    await page.goto(path);
    await expect(page.getByText('Diese Einladung ist an other@demo.example gerichtet, Sie sind aber als manager@demo.example angemeldet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Einladung annehmen' })).toHaveCount(0);

    await page.goto('/a/logout');
    await expect(page).toHaveURL(/\/a\/login$/);
    await login(page, users.other);
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(2);
    await page.goto(path);
    await expect(page.getByTestId('invitation-summary')).toContainText('den Cluster 20012 Onlineshop Staging von Müller & Schmidt Online GmbH (10001)');
    await page.getByRole('button', { name: 'Einladung annehmen' }).click();
    await expect(page.getByText('Willkommen! Sie administrieren jetzt den Cluster 20012.')).toBeVisible();
    await expect(page.locator('tr[data-cluster="20012"]')).toBeVisible();
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(3);
  });

  test('R2.005 R8.018 an unknown token shows the invalid-token message; guests only', async ({ page }) => {
    await page.goto('/a/invitation/this-token-does-not-exist/someone@demo.example');
    await expect(page.getByTestId('invitation-invalid')).toContainText('Ungültiges Einladungs- oder Registrierungstoken.');
    await page.goto('/a/registration/owner/demo-invitation-freelancer-20011/freelancer@demo.example/1');
    await expect(page.getByTestId('invitation-invalid')).toContainText('Ungültiges Einladungs- oder Registrierungstoken.');
    // The guest link is for visitors who are not signed in: a signed-in user goes to the dashboard.
    await login(page, users.admin);
    await page.goto(`/a/invitation/${demo.freelancer.token}/${demo.freelancer.email}`);
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen/ })).toBeVisible();
  });
});

test.describe('invitations and registration (English)', () => {
  test('R2.004 R2.092 registration with an invitation token creates the account and makes it administrator of the cluster', async ({ page }) => {
    await english(page);
    const id = await invitationId(page, demo.freelancer);
    await page.goto(`/a/registration/administrator/${demo.freelancer.token}/${demo.freelancer.email}/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
    await expect(page.getByTestId('invitation-summary')).toContainText('invites you (freelancer@demo.example) to administrate the cluster 20011 Onlineshop Produktion');
    await page.getByLabel(/^Salutation/).click();
    await page.getByRole('option', { name: 'Ms' }).click();
    await page.getByLabel(/^First name/).fill('Frieda');
    await page.getByLabel(/^Last name/).fill('Lange');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Frieda-Lange-Passwort-2026');
    await page.getByLabel(/^Repeat password/).fill('Frieda-Lange-Passwort-2026');
    await page.getByRole('button', { name: 'Register and accept invitation' }).click();
    await expect(page.getByText('The password must not contain your e-mail address or your name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(strongPassword);
    await page.getByLabel(/^Repeat password/).fill(strongPassword);
    // After registering, nothing answers with an error (the used invitation was looked up again: a 404 in the console).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.getByRole('button', { name: 'Register and accept invitation' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Frieda Lange');
    await expect(page.getByText('Welcome! You now administrate the cluster 20011.')).toBeVisible();
    await expect(page.locator('tbody tr[data-cluster]')).toHaveCount(1);
    await expect(page.locator('tr[data-cluster="20011"]')).toBeVisible();
    expect(failed).toEqual([]);
  });

  test('R2.094 R4.018 a guest with an existing account can sign in to accept, or decline; a declined link is invalid', async ({ page }) => {
    await english(page);
    const link = `/a/invitation/${demo.partnerAdministrator.token}/${demo.partnerAdministrator.email}`;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible();
    await expect(page.getByText('There is already an account for partner@demo.example. Log in with it to accept the invitation.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in to accept' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline the invitation?' });
    await dialog.getByRole('button', { name: 'Decline invitation' }).click();
    await expect(page.getByText('You declined the invitation.')).toBeVisible();
    await page.goto(link);
    await expect(page.getByTestId('invitation-invalid')).toContainText('Invalid invitation or registration token.');
  });
});
