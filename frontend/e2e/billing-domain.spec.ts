import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';
import { mailTo } from './mailbox';
import { resetServerTime, setServerTime } from './testClock';

/** Signs in as a user whose language may be English (the landing heading differs). */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill('Demo-Portal-2026');
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
}

async function openDomain(page: Page, search: string): Promise<void> {
  await page.goto('/a/contracts');
  // The list first (a fill before the page settled could be lost), then the search.
  await expect(page.locator('tbody tr[data-contract]').nth(1)).toBeVisible();
  await page.getByLabel(/Verträge suchen|Search contracts/).fill(search);
  await expect(page.locator('tbody tr[data-contract]')).toHaveCount(1);
  await page.locator('tbody tr[data-contract]').first().getByRole('link').click();
  // The detail page, before a test reads its address or checks what it does not show.
  await expect(page).toHaveURL(/\/contracts\/domain\/\d+/);
}

// Several sign-ins, a mail and moves of the server clock: more than the default 45 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.afterEach(() => resetServerTime());

test.describe('domain termination (German)', () => {
  test('R2.016 R2.101 R5.038 R4.017 terminate a domain with the checkbox; after the end date the auth code is shown, mailed, expires and can be requested anew', async ({ page }) => {
    await login(page, users.manager);
    await openDomain(page, 'mueller-schmidt.de');
    await expect(page.getByRole('heading', { level: 1, name: /Domain-Vertrag D-300101/ })).toBeVisible();
    await expect(page.getByText('Der Auth-Code wird sichtbar, sobald die Kündigung wirksam ist.')).toBeVisible();
    await page.getByRole('link', { name: 'Domain kündigen' }).click();
    await expect(page).toHaveURL(/\/a\/contracts\/\d+\/domain\/termination$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kündigung der Domain mueller-schmidt.de' })).toBeVisible();
    // Without the checkbox nothing happens (R5.038).
    await page.getByRole('button', { name: 'Domain kündigen' }).click();
    await expect(page.getByText('Bitte bestätigen Sie die Kündigung der Domain.')).toBeVisible();
    const since = Date.now();
    await page.getByRole('checkbox', { name: /Ich kündige die Domain mueller-schmidt.de \(Vertrag D-300101\) zum 14\.03\.2027/ }).check();
    await page.getByRole('button', { name: 'Domain kündigen' }).click();
    await expect(page.getByTestId('domain-termination-state')).toContainText('Die Domain ist zum 14.03.2027 gekündigt.');
    const received = await mailTo(users.manager, 'domainTermination', since, 'mueller-schmidt.de (D-300101) eingegangen');
    expect(received.subject).toBe('Kündigung der Domain mueller-schmidt.de (D-300101) eingegangen');

    // The day after the end of the registration period (test clock): effective, code shown and mailed.
    setServerTime('2027-03-15T09:00:00Z');
    await login(page, users.manager);
    await openDomain(page, 'mueller-schmidt.de');
    await expect(page.getByTestId('contract-status')).toHaveText('Gekündigt');
    const code = (await page.getByTestId('auth-code').textContent())!;
    expect(code).toHaveLength(16);
    await expect(page.getByTestId('auth-code-state')).toHaveText('Gültig');
    await expect(page.getByText('15.03.2027, 10:00')).toBeVisible();
    await expect(page.getByText('14.04.2027, 11:00')).toBeVisible();
    const effective = await mailTo(users.manager, 'domainTermination', since, 'mueller-schmidt.de (D-300101) wirksam');
    expect(effective.subject).toBe('Kündigung der Domain mueller-schmidt.de (D-300101) wirksam: Ihr Auth-Code');
    expect(effective.text).toContain(code);

    // 30 days later the code is expired; a new one is requested.
    setServerTime('2027-04-20T09:00:00Z');
    await login(page, users.manager);
    await openDomain(page, 'mueller-schmidt.de');
    await expect(page.getByTestId('auth-code-state')).toHaveText('Abgelaufen');
    await expect(page.getByText('Dieser Auth-Code ist abgelaufen. Fordern Sie einen neuen an.')).toBeVisible();
    await page.getByRole('button', { name: 'Neuen Auth-Code anfordern' }).click();
    await expect(page.getByTestId('auth-code-state')).toHaveText('Gültig');
    await expect(page.getByTestId('auth-code')).not.toHaveText(code);
    await expect(page.getByText('20.05.2027, 11:00')).toBeVisible();
  });

  test('R5.030 a .co.uk domain cannot be terminated in the portal', async ({ page }) => {
    await login(page, users.manager);
    await openDomain(page, 'co.uk');
    await expect(page.getByRole('link', { name: 'Domain kündigen' })).toHaveCount(0);
    const id = /\/contracts\/domain\/(\d+)/.exec(page.url())![1];
    await page.goto(`/a/contracts/${id}/domain/termination`);
    await expect(page.getByText('Domains mit der Endung .co.uk oder .uk müssen manuell gekündigt werden.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Domain kündigen' })).toHaveCount(0);
  });
});

test.describe('domain termination (English)', () => {
  test('R2.016 R2.101 R5.038 R4.017 terminate a domain in English and see the auth code after the end date', async ({ page }) => {
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await openDomain(page, 'mueller-schmidt-shop.com');
    await page.getByRole('link', { name: 'Terminate domain' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Termination of domain mueller-schmidt-shop.com' })).toBeVisible();
    await page.getByRole('checkbox', { name: /I terminate the domain mueller-schmidt-shop.com \(contract D-300102\) as of 31 May 2027/ }).check();
    await page.getByRole('button', { name: 'Terminate domain' }).click();
    await expect(page.getByTestId('domain-termination-state')).toContainText('The domain is terminated as of 31 May 2027.');
    setServerTime('2027-06-01T09:00:00Z');
    await signIn(page, 'james.miller@mueller-schmidt.example');
    await openDomain(page, 'mueller-schmidt-shop.com');
    await expect(page.getByTestId('contract-status')).toHaveText('Terminated');
    await expect(page.getByTestId('auth-code')).toHaveText(/^.{16}$/);
    await expect(page.getByTestId('auth-code-state')).toHaveText('Valid');
    await page.getByRole('link', { name: 'Show termination' }).click();
    await expect(page.getByTestId('domain-termination-state')).toHaveText('The termination is effective. The auth code for the transfer is shown below.');
  });
});
