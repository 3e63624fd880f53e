import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { login, openUserMenu, password } from './helpers';

/** Demo colleagues of customer 10001 that only these tests sign in as (their 2FA, password and sessions change). */
const germanUser = 'lena.wolf@mueller-schmidt.example';
const englishUser = 'james.miller@mueller-schmidt.example';
const sessionUser = 'jana.richter@mueller-schmidt.example';

const texts = {
  de: {
    user: germanUser,
    heading: 'Sicherheit',
    active: 'Aktiv',
    inactive: 'Deaktiviert',
    activate: 'Aktivieren',
    continue: 'Weiter',
    yourPassword: 'Ihr Passwort',
    code: 'Code aus der App',
    activated: 'Die Zwei-Faktor-Authentifizierung ist jetzt aktiv.',
    close: 'Schließen',
    challenge: 'Zwei-Faktor-Authentifizierung',
    loginCode: 'Code',
    confirm: 'Bestätigen',
    useRecovery: 'Wiederherstellungscode verwenden',
    recoveryCode: 'Wiederherstellungscode',
    recoveryRefused: 'Der Wiederherstellungscode ist falsch oder wurde bereits verwendet.',
    codeRefused: 'Der Code ist falsch oder wurde schon verwendet.',
    logout: 'Abmelden',
    loginButton: 'Anmelden',
    addPhone: 'Telefonnummer hinzufügen',
    phoneLabel: 'Telefonnummer zur Wiederherstellung',
    save: 'Speichern',
    edit: 'Bearbeiten',
    remove: 'Entfernen',
    phoneSaved: 'Die Telefonnummer zur Wiederherstellung wurde gespeichert.',
    phoneRemoved: 'Die Telefonnummer zur Wiederherstellung wurde entfernt.',
    noPhone: 'Es ist keine Telefonnummer zur Wiederherstellung hinterlegt.',
    showCodes: 'Wiederherstellungscodes anzeigen',
    deactivate: 'Deaktivieren',
    deactivated: 'Die Zwei-Faktor-Authentifizierung wurde deaktiviert.',
    secondFactor: 'Code aus der App oder Wiederherstellungscode',
    wrongPassword: 'Das Passwort ist falsch.',
  },
  en: {
    user: englishUser,
    heading: 'Security',
    active: 'Active',
    inactive: 'Deactivated',
    activate: 'Activate',
    continue: 'Continue',
    yourPassword: 'Your password',
    code: 'Code from the app',
    activated: 'Two-factor authentication is now active.',
    close: 'Close',
    challenge: 'Two-factor authentication',
    loginCode: 'Code',
    confirm: 'Confirm',
    useRecovery: 'Use a recovery code',
    recoveryCode: 'Recovery code',
    recoveryRefused: 'The recovery code is wrong or has already been used.',
    codeRefused: 'The code is wrong or has already been used.',
    logout: 'Log out',
    loginButton: 'Log in',
    addPhone: 'Add phone number',
    phoneLabel: 'Recovery phone number',
    save: 'Save',
    edit: 'Edit',
    remove: 'Remove',
    phoneSaved: 'The recovery phone number has been saved.',
    phoneRemoved: 'The recovery phone number has been removed.',
    noPhone: 'No recovery phone number is stored.',
    showCodes: 'Show recovery codes',
    deactivate: 'Deactivate',
    deactivated: 'Two-factor authentication has been deactivated.',
    secondFactor: 'Code from the app or recovery code',
    wrongPassword: 'The password is wrong.',
  },
} as const;

const step = (at = Date.now()) => Math.floor(at / 30_000);
const totp = (secret: string, at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

/** A code of a time step the server has not accepted yet (waits for the next step when needed). */
async function freshCode(secret: string, used: { step: number }): Promise<string> {
  if (step() <= used.step) await new Promise((r) => setTimeout(r, (used.step + 1) * 30_000 - Date.now() + 250));
  used.step = step();
  return totp(secret);
}

async function logout(page: Page, t: (typeof texts)['de' | 'en']) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: t.logout }).click();
  await expect(page).toHaveURL(/\/a\/login$/);
}

/** Password step of the sign-in; the challenge step follows for users with 2FA. */
async function enterPassword(page: Page, email: string) {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill(password);
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
}

for (const lang of ['de', 'en'] as const) {
  const t = texts[lang];
  test(`R2.064 R2.065 R2.066 R2.067 R2.068 R4.028 R4.030 R4.031 R4.032 R4.033 two-factor: activate with a code from the secret, sign in with it, a recovery code works once (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await login(page, t.user);
    await page.goto('/a/profile/security');
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page.getByTestId('two-factor-status')).toHaveText(t.inactive);
    // Deactivated: only "activate"; no phone number block yet (§4).
    await expect(page.getByRole('button', { name: t.showCodes })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.addPhone })).toHaveCount(0);

    await page.getByRole('button', { name: t.activate, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.yourPassword).fill('not my password');
    await dialog.getByRole('button', { name: t.continue }).click();
    await expect(dialog.getByText(t.wrongPassword)).toBeVisible();
    await dialog.getByLabel(t.yourPassword).fill(password);
    await dialog.getByRole('button', { name: t.continue }).click();
    await expect(dialog.locator('img[src^="data:image/svg+xml"]')).toBeVisible();
    const secret = (await dialog.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(dialog.getByTestId('two-factor-secret')).toHaveText(secret.match(/.{4}/g)!.join(' '));

    const used = { step: 0 };
    await dialog.getByLabel(t.code).fill(await freshCode(secret, used));
    await dialog.getByRole('button', { name: t.activate }).click();
    await expect(dialog.getByText(t.activated)).toBeVisible();
    const codes = (await dialog.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText(t.active);
    await expect(page.getByRole('button', { name: t.showCodes })).toBeVisible();

    // Recovery phone number: add, edit, remove (§4: add only while there is none).
    await page.getByRole('button', { name: t.addPhone }).click();
    await page.getByRole('dialog').getByLabel(t.phoneLabel).fill('0151 1234 5678');
    await page.getByRole('dialog').getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.phoneSaved)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.phoneLabel })).toHaveValue('+49 151 12345678');
    await expect(page.getByRole('button', { name: t.addPhone })).toHaveCount(0);
    await page.getByRole('button', { name: t.edit, exact: true }).click();
    await page.getByRole('dialog').getByLabel(t.phoneLabel).fill('+43 664 1234567');
    await page.getByRole('dialog').getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('textbox', { name: t.phoneLabel })).toHaveValue('+43 664 1234567');
    await page.getByRole('button', { name: t.remove, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.remove }).click();
    await expect(page.getByText(t.phoneRemoved)).toBeVisible();
    await expect(page.getByText(t.noPhone)).toBeVisible();

    // Sign in with a code from the app.
    await logout(page, t);
    await enterPassword(page, t.user);
    await expect(page.getByRole('heading', { name: t.challenge })).toBeVisible();
    const code = await freshCode(secret, used);
    await page.getByRole('textbox', { name: /^(Code)( \*)?$/ }).fill(code);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();

    // The same code again (same 30 seconds): refused.
    await logout(page, t);
    await enterPassword(page, t.user);
    await page.getByRole('textbox', { name: /^(Code)( \*)?$/ }).fill(code);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.codeRefused)).toBeVisible();

    // A recovery code works once.
    await page.getByRole('button', { name: t.useRecovery }).click();
    await page.getByLabel(t.recoveryCode).fill(codes[0]);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
    await logout(page, t);
    await enterPassword(page, t.user);
    await page.getByRole('button', { name: t.useRecovery }).click();
    await page.getByLabel(t.recoveryCode).fill(codes[0]);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.recoveryRefused)).toBeVisible();
    await page.getByLabel(t.recoveryCode).fill(codes[1]);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();

    // Deactivate with the password and a second factor (issue 31: the password alone is not enough);
    // a used recovery code is refused, an unused one works. Back to the start of the state table.
    await page.goto('/a/profile/security');
    await page.getByRole('button', { name: t.deactivate, exact: true }).click();
    await page.getByRole('dialog').getByLabel(t.yourPassword).fill(password);
    await page.getByRole('dialog').getByLabel(t.secondFactor).fill(codes[0]);
    await page.getByRole('dialog').getByRole('button', { name: t.deactivate }).click();
    await expect(page.getByRole('dialog').getByText(t.recoveryRefused)).toBeVisible();
    await page.getByRole('dialog').getByLabel(t.secondFactor).fill(codes[2]);
    await page.getByRole('dialog').getByRole('button', { name: t.deactivate }).click();
    await expect(page.getByText(t.deactivated)).toBeVisible();
    await expect(page.getByTestId('two-factor-status')).toHaveText(t.inactive);
  });
}

test('R2.063 R5.012 R5.013 R5.014 R5.020 R8.036 change password in a modal: rules, wrong old password, success (de)', async ({ page }) => {
  await login(page, sessionUser);
  await page.goto('/a/profile/security');
  await expect(page.getByLabel('Aktuelles Passwort')).toHaveValue('••••••••••••');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText('Dieses Feld ist erforderlich.')).toHaveCount(3);
  await dialog.getByLabel(/^Aktuelles Passwort/).fill('Falsches-Passwort-1');
  await dialog.getByLabel(/^Neues Passwort\W*$/).fill('kurz');
  await dialog.getByLabel('Neues Passwort wiederholen').fill('anders');
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText('Das Passwort muss 12 bis 255 Zeichen lang sein.')).toBeVisible();
  await expect(dialog.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await dialog.getByLabel(/^Neues Passwort\W*$/).fill('passwort1234');
  await dialog.getByLabel('Neues Passwort wiederholen').fill('passwort1234');
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
  await dialog.getByLabel(/^Aktuelles Passwort/).fill(password);
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog.getByText(/zu leicht zu erraten/)).toBeVisible();
  const next = 'Kastanienbaum-Regenschirm-47';
  await dialog.getByLabel(/^Neues Passwort\W*$/).fill(next);
  await dialog.getByLabel('Neues Passwort wiederholen').fill(next);
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Back to the demo password, so other tests can sign in as this user.
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await dialog.getByLabel(/^Aktuelles Passwort/).fill(next);
  await dialog.getByLabel(/^Neues Passwort\W*$/).fill(password);
  await dialog.getByLabel('Neues Passwort wiederholen').fill(password);
  await dialog.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(dialog).toBeHidden();
});

test('R8.036 the active sessions list this one; "log out all other sessions" ends the others (en)', async ({ page, browser }) => {
  const elsewhere = await browser.newContext({ locale: 'en-GB' });
  const other = await elsewhere.newPage();
  await login(other, sessionUser);
  await login(page, sessionUser);
  // The switch stores the language with the user (PATCH /me/settings); the full page load below reads it
  // back from /me, so it must have landed first (a load during the request came back German).
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/settings') && r.request().method() === 'PATCH' && r.ok());
  await page.getByRole('button', { name: /Sprache wechseln: English|Switch language: English/ }).click();
  await stored;
  await page.goto('/a/profile/security');
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByRole('listitem').nth(1)).toBeVisible();
  await expect(sessions.getByText('This session')).toHaveCount(1);
  await page.getByRole('button', { name: 'Log out all other sessions' }).click();
  await expect(page.getByText(/^\d+ other sessions? (was|were) logged out\.$/)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
  // The other browser has lost its session: the login modal opens there.
  await other.reload();
  await expect(other).toHaveURL(/\/a\/login$/);
  await elsewhere.close();
});
