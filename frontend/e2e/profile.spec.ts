import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { simpleParser } from 'mailparser';
import { login, openUserMenu, password, users } from './helpers';

/** The portal of this spec file (its own port, see playwright.config.ts) writes its mail as .eml files here (no SMTP_URL in e2e). */
const mailDirOf = () => path.resolve('data', `e2e-${new URL(test.info().project.use.baseURL!).port}`, 'mail');

/** Waits for the newest mail of a kind (`X-Portal-Mail`) to an address written after `since`, and returns its text. */
async function mailTo(address: string, kind: string, since: number): Promise<{ subject: string; text: string }> {
  const mailDir = mailDirOf();
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => path.join(mailDir, f))
          .filter((f) => fs.statSync(f).mtimeMs >= since)
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(file));
      const to = [mail.to].flat().flatMap((a) => a?.value ?? []).map((v) => v.address?.toLowerCase());
      if (to.includes(address.toLowerCase()) && mail.headers.get('x-portal-mail') === kind) return { subject: mail.subject ?? '', text: mail.text ?? '' };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} mail to ${address} in ${mailDir}`);
}

// Whole flows (sign-in, several saves, mail round trips) on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

const codeOf = (text: string) => /\b(\d{8})\b/.exec(text)![1];

async function openMyData(page: Page, name: RegExp) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name }).click();
}

/** Picks an option of a MUI select by its label. */
async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('My data: personal data', () => {
  test('R2.012 R2.057 R2.058 R2.061 R7.005 R8.036 (de) edits the contact data; an invalid phone number shows the field error', async ({ page }) => {
    await login(page, users.manager);
    await openMyData(page, /Meine Daten/);
    await expect(page).toHaveURL(/\/a\/profile$/);
    const nav = page.getByRole('navigation', { name: 'Meine Daten' });
    for (const section of ['Persönliche Daten', 'Sicherheit', 'Persönliche Zugriffstoken', 'Berechtigungen', 'Benachrichtigungen'])
      await expect(nav.getByRole('tab', { name: section })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeVisible();
    // Verified address, nothing pending: no verify block (R2.059).
    await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toHaveCount(0);
    await expect(page.getByLabel('Aktuelle E-Mail-Adresse')).toBeDisabled();
    await expect(page.getByLabel('Aktuelle E-Mail-Adresse')).toHaveValue(users.manager);

    const form = page.getByRole('form', { name: 'Kontaktdaten' });
    await form.getByLabel(/^Telefon/).fill('12345');
    await form.getByLabel(/^Ort/).click();
    await expect(form.getByText('Bitte geben Sie eine gültige Telefonnummer ein', { exact: false })).toBeVisible();
    await form.getByLabel(/^Vorname/).fill('');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByText('Dieses Feld ist erforderlich.')).toBeVisible();

    await form.getByLabel(/^Vorname/).fill('Anna-Lena');
    await form.getByLabel(/^Telefon/).fill('030 98765432');
    await form.getByLabel(/^Mobiltelefon/).fill('+49 151 23456789');
    await form.getByLabel(/^Ort/).fill('Potsdam');
    await choose(page, /^Anrede/, 'Divers');
    await choose(page, /^Land/, 'Österreich');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Kontaktdaten wurden gespeichert.')).toBeVisible();
    // The top bar follows the new name.
    await expect(page.getByRole('button', { name: /Benutzermenü öffnen/ })).toContainText('Anna-Lena Berger');

    await page.reload();
    await expect(form.getByLabel(/^Ort/)).toHaveValue('Potsdam');
    await expect(form.getByLabel(/^Telefon/)).toHaveValue('030 98765432');
    await expect(page.getByRole('combobox', { name: /^Land/ })).toHaveText('Österreich');
    await expect(page.getByRole('combobox', { name: /^Anrede/ })).toHaveText('Divers');
  });

  test('R5.042 (de) the department TEST_SENTRY raises the deliberate test error and saves nothing', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/profile');
    const form = page.getByRole('form', { name: 'Kontaktdaten' });
    await form.getByLabel(/^Abteilung/).fill('TEST_SENTRY');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(form.getByRole('alert')).toContainText('Test-Fehler ausgelöst');
    await page.reload();
    await expect(form.getByLabel(/^Abteilung/)).not.toHaveValue('TEST_SENTRY');
  });

  test('R7.005 R1.001 (en) saving the language English switches the app to English; the phone field error is in English', async ({ page }) => {
    await login(page, users.admin);
    await page.goto('/a/profile');
    await choose(page, /^Sprache/, 'English');
    await page.getByRole('form', { name: 'Kontaktdaten' }).getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Your contact data has been saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Personal data' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Contact data' });
    await form.getByLabel(/^Mobile phone/).fill('0000');
    await form.getByLabel(/^Postcode/).fill('10115');
    await expect(form.getByText('Please enter a valid phone number', { exact: false })).toBeVisible();
    await form.getByLabel(/^Mobile phone/).fill('+44 20 7946 0958');
    await form.getByLabel(/^Company/).fill('Weber Consulting Ltd');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your contact data has been saved.')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel(/^Company/)).toHaveValue('Weber Consulting Ltd');
    await expect(page.getByRole('navigation', { name: 'My data' }).getByRole('tab', { name: 'Notifications' })).toBeVisible();
  });
});

test.describe('My data: change e-mail', () => {
  test('R2.059 R2.060 R4.019 R4.020 R5.019 R5.020 R7.004 R7.006 (de) changes the address with the code mailed to the new one', async ({ page }) => {
    const since = Date.now() - 1000;
    const newAddress = `katrin.neu.${Date.now()}@demo.example`;
    await login(page, users.partner);
    await page.goto('/a/profile');
    await page.getByRole('button', { name: 'Ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-Mail-Adresse ändern' });
    await dialog.getByLabel(/^Neue E-Mail-Adresse/).fill(users.other);
    await dialog.getByLabel(/^Aktuelles Passwort/).fill('falsches Passwort');
    await dialog.getByRole('button', { name: 'Code senden' }).click();
    await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
    await dialog.getByLabel(/^Aktuelles Passwort/).fill(password);
    await dialog.getByRole('button', { name: 'Code senden' }).click();
    await expect(dialog.getByText('Diese E-Mail-Adresse ist bereits vergeben.')).toBeVisible();
    await dialog.getByLabel(/^Neue E-Mail-Adresse/).fill(newAddress);
    await dialog.getByRole('button', { name: 'Code senden' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Wir haben einen Bestätigungscode an ${newAddress} gesendet.` })).toBeVisible();
    await expect(page.getByTestId('email-change-pending')).toContainText(newAddress);
    // Still the old address until confirmed.
    await expect(page.getByLabel('Aktuelle E-Mail-Adresse')).toHaveValue(users.partner);
    const verify = page.getByRole('form', { name: 'E-Mail-Adresse bestätigen' });
    await expect(verify).toBeVisible();

    const mail = await mailTo(newAddress, 'emailChangeCode', since);
    expect(mail.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse');
    const code = codeOf(mail.text);
    await verify.getByLabel(/^Bestätigungscode/).fill(code === '00000000' ? '11111111' : '00000000');
    await verify.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(verify.getByText('Der Bestätigungscode ist nicht korrekt.')).toBeVisible();
    await verify.getByLabel(/^Bestätigungscode/).fill(code);
    await verify.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByText('Ihre E-Mail-Adresse wurde bestätigt.')).toBeVisible();
    await expect(page.getByLabel('Aktuelle E-Mail-Adresse')).toHaveValue(newAddress);
    await expect(page.getByTestId('email-change-pending')).toHaveCount(0);
    await expect(verify).toHaveCount(0);

    // The new address is the login now.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/a\/login$/);
    await login(page, newAddress);
  });

  test('R8.028 R8.036 (en) resends the code; the newest code confirms the change', async ({ page }) => {
    const since = Date.now() - 1000;
    const newAddress = `jonas.new.${Date.now()}@demo.example`;
    await login(page, users.admin); // English since the test above
    await page.goto('/a/profile');
    await page.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail address' });
    await dialog.getByLabel(/^New e-mail address/).fill(newAddress);
    await dialog.getByLabel(/^Current password/).fill(password);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByTestId('email-change-pending')).toContainText(newAddress);
    const first = await mailTo(newAddress, 'emailChangeCode', since);
    expect(first.subject).toBe('Confirm your new e-mail address');

    const resentSince = Date.now();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(`A new confirmation code has been sent to ${newAddress}.`)).toBeVisible();
    const second = await mailTo(newAddress, 'emailChangeCode', resentSince);
    const verify = page.getByRole('form', { name: 'Confirm your e-mail address' });
    await verify.getByLabel(/^Confirmation code/).fill(codeOf(second.text));
    await verify.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your e-mail address has been confirmed.')).toBeVisible();
    await expect(page.getByLabel('Current e-mail address')).toHaveValue(newAddress);
  });
});

test.describe('My data: notifications', () => {
  test('R2.081 R4.037 R4.038 R8.036 (de) switches technical notifications off and on', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/profile');
    await page.getByRole('navigation', { name: 'Meine Daten' }).getByRole('tab', { name: 'Benachrichtigungen' }).click();
    await expect(page).toHaveURL(/\/a\/profile\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Technische Benachrichtigungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Hilfe zu technischen Benachrichtigungen' }).click();
    await expect(page.getByText('Wir informieren Sie per E-Mail', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    const sw = page.getByRole('switch');
    await expect(sw).toBeChecked();
    await expect(page.getByText('Aktiviert', { exact: true })).toBeVisible();
    await sw.click();
    await expect(page.getByText('Technische Benachrichtigungen wurden erfolgreich deaktiviert.')).toBeVisible();
    await expect(page.getByText('Deaktiviert', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch')).not.toBeChecked();
    await page.getByRole('switch').click();
    await expect(page.getByText('Technische Benachrichtigungen wurden erfolgreich aktiviert.')).toBeVisible();
    await expect(page.getByRole('switch')).toBeChecked();
  });

  test('R4.039 R8.032 (en) a failed call restores the switch and shows the support contact with a mailto link', async ({ page }) => {
    await login(page, users.manager);
    // The choice is stored for the user in the background: the next page reads it from the server, so wait for it.
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/me/settings') && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await stored;
    await page.goto('/a/profile/notifications');
    await expect(page.getByRole('heading', { name: 'Technical notifications' })).toBeVisible();
    // The server fails the change (the fetch still works).
    await page.route('**/api/v1/profile/notifications/technical', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'errors.internal' }, requestId: 'e2e' } }),
    );
    const sw = page.getByRole('switch');
    await expect(sw).toBeChecked();
    await sw.click();
    const alert = page.getByRole('alert').filter({ hasText: 'The setting could not be saved.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('+49 30 1234567-0');
    await expect(alert.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await expect(sw).toBeChecked();
    await expect(page.getByText('Activated', { exact: true })).toBeVisible();
  });
});

test.describe('Forgotten password', () => {
  test('R2.002 R2.003 R5.013 R8.036 (de) resets the password with the mailed link; the old one stops working', async ({ page }) => {
    const since = Date.now() - 1000;
    await page.goto('/a/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/a\/password\/forgot$/);
    await page.getByLabel(/^E-Mail-Adresse/).fill(users.other);
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect(page.getByText(`Falls es zu ${users.other} einen Zugang gibt`, { exact: false })).toBeVisible();

    const mail = await mailTo(users.other, 'passwordReset', since);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    const link = /https?:\/\/\S+\/a\/password\/reset\/\S+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Neues Passwort vergeben' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('passwort1234');
    await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('passwort1234');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Das Passwort ist zu leicht zu erraten.', { exact: false })).toBeVisible();
    const fresh = 'Lampe Regen Fahrrad 7';
    await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(fresh);
    await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill(fresh);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page).toHaveURL(/\/a\/login$/);
    await expect(page.getByText('Ihr Passwort wurde geändert.', { exact: false })).toBeVisible();

    // The link is used up; the old password no longer works, the new one does.
    await page.goto(new URL(link).pathname);
    await expect(page.getByText('Der Link zum Zurücksetzen ist ungültig oder abgelaufen.', { exact: false })).toBeVisible();
    await page.goto('/a/login');
    await page.getByLabel('E-Mail-Adresse').fill(users.other);
    await page.getByLabel(/^Passwort/).first().fill(password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
    await login(page, users.other, fresh);
  });

  test('R2.003 (en) an unknown address gets the same answer; an invalid link offers a new one', async ({ page }) => {
    await page.goto('/a/password/forgot');
    await page.getByRole('button', { name: /Switch language: English|Sprache wechseln: English/ }).click();
    await page.getByLabel(/^E-mail address/).fill('nobody@demo.example');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText('If there is an account for nobody@demo.example, we have sent a reset link to it.')).toBeVisible();
    await page.goto('/a/password/reset/not-a-real-token');
    await expect(page.getByText('The reset link is invalid or has expired.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/a\/password\/forgot$/);
  });
});
