/**
 * The `cluster-control` section in the browser, in German and English: create an entry (a bad name refused by
 * the form, a duplicate by the server), apply with progress, see it in the list, delete it with
 * confirmation.
 */
import { type Page } from '@playwright/test';
import { expect, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const password = 'Demo-Portal-2026';
const shots = process.env.PLUGIN_SHOTS; // a directory: screenshots for review
const texts = { de, en } as const;
const portal = {
  de: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', language: /Deutsch/, welcome: /Willkommen/ },
  en: { email: 'E-mail address', password: 'Password', submit: 'Log in', language: /English/, welcome: /Welcome/ },
};
type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = portal.de;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page
    .getByLabel(new RegExp(`^${t.password}`))
    .first()
    .fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  // The user's language is stored with the account: another test may have switched it.
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: portal[lang].language }).click();
  await expect(page.getByRole('heading', { level: 1, name: portal[lang].welcome })).toBeVisible();
}

/** The section of the first server of cluster 20011 that runs `nginx`, opened from its dashboard. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  await expect(page.getByRole('region', { name: texts[lang].title, exact: true })).toBeVisible();
  await shot(page, `${lang}-dashboard`);
  await page.getByRole('link', { name: texts[lang].title, exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/cluster-control$/);
}

async function shot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/cluster-control-${name}.png`, fullPage: true });
}

for (const lang of ['de', 'en'] as const) {
  test(`cluster-control (${lang}): create, see it, delete it`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    const name = `e2e_${lang}_${Date.now()}`;
    await login(page, lang);
    await openSection(page, lang);

    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.name }).fill('Not Allowed');
    await page.getByRole('textbox', { name: t.form.value }).fill('256M');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#cluster-control-name-helper-text')).toHaveText(t.errors.name_format);
    await page.getByRole('textbox', { name: t.form.name }).fill(name);
    await shot(page, `${lang}-form`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();

    await expect(page).toHaveURL(/\/managed\/cluster-control\?job=\d+$/);
    await expect(page.getByTestId('apply-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    const row = page.locator('[data-testid^="clusterControlItem-"]').filter({ hasText: name });
    await expect(row).toContainText('256M');
    await shot(page, `${lang}-list`);

    // The same name again: refused by the server, shown under the field.
    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.name }).fill(name);
    await page.getByRole('textbox', { name: t.form.value }).fill('1');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#cluster-control-name-helper-text')).toHaveText(t.errors.duplicate);
    await page.getByRole('button', { name: lang === 'de' ? 'Abbrechen' : 'Cancel' }).click();

    await row.getByRole('button', { name: t.list.delete.replace('{{name}}', name) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.delete.confirm }).click();
    await expect(page.getByTestId('apply-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
    await expect(row).toHaveCount(0);
  });
}
