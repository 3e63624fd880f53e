/**
 * The `ftp` section in the browser (German by default, both with E2E_ALL_LANGUAGES=1) on the demo web server: the demo
 * accounts, a new account (a bad login refused by the form, a reserved one by the server under its field) whose
 * generated password is shown once, applied with progress and checked by the real `proftpd -t`, the private daemon
 * running, a new password, and the account deleted after a confirmation.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`ftp (${lang}): an FTPS account with its password shown once, applied to the private ProFTPD, new password, delete`, async ({ page }) => {
    test.setTimeout(150_000);
    const login = `e2e-${lang}`;
    await signIn(page, lang);
    await openSection(page, 'ftp', text(lang, 'title'), { service: 'ftp' });
    await expect(page.getByRole('cell', { name: 'shop-upload', exact: true })).toBeVisible();

    await page.getByRole('link', { name: text(lang, 'list.create') }).first().click();
    await expect(page).toHaveURL(/\/managed\/ftp\/create$/);
    await page.getByRole('textbox', { name: text(lang, 'form.login') }).fill('Bad Login');
    await page.getByRole('textbox', { name: text(lang, 'form.documentRoot') }).fill(`e2e/${lang}`);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#ftp-login-helper-text')).toHaveText(text(lang, 'errors.login_format'));
    await page.getByRole('textbox', { name: text(lang, 'form.login') }).fill('root');
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#ftp-login-helper-text')).toHaveText(text(lang, 'errors.login_reserved'));
    await page.getByRole('textbox', { name: text(lang, 'form.login') }).fill(login);
    await page.getByRole('textbox', { name: text(lang, 'form.quotaMb') }).fill('512');
    await page.getByRole('textbox', { name: text(lang, 'form.expiresOn') }).fill('2031-01-31');
    await shot(page, `ftp-${lang}-form`);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();

    const dialog = page.getByRole('dialog', { name: text(lang, 'password.title', { login }) });
    await expect(dialog.getByLabel(text(lang, 'password.label'))).toHaveValue(/^[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: text(lang, 'password.close') }).click();
    await expect(page).toHaveURL(/\/managed\/ftp\?job=\d+$/);
    await jobSucceeded(page);
    const row = page.getByRole('row').filter({ hasText: login });
    await expect(row).toContainText(`/var/www/e2e/${lang}`);
    await expect(page.getByTestId('ftp-status')).toContainText(/127\.0\.0\.1:\d+/);
    await shot(page, `ftp-${lang}-list`);

    await row.getByRole('button', { name: text(lang, 'list.renew', { login }) }).click();
    const renewed = page.getByRole('dialog', { name: text(lang, 'password.title', { login }) });
    await expect(renewed.getByLabel(text(lang, 'password.label'))).toHaveValue(/^[A-Za-z0-9_-]{32}$/);
    await renewed.getByRole('button', { name: text(lang, 'password.close') }).click();
    await jobSucceeded(page);

    await row.getByRole('button', { name: text(lang, 'list.delete', { login }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text(lang, 'delete.confirm') }).click();
    await jobSucceeded(page);
    await expect(page.getByRole('row').filter({ hasText: login })).toHaveCount(0);
  });
}
