/**
 * The `nodejs` section in the browser, in German and English: the demo applications, a new application created
 * through the form (the Node.js version chosen from the server's installed ones, secret environment) and applied
 * with progress, a port that overlaps another app refused under its field, the values of the environment never
 * shown again, the releases dialog with the upload directory.
 */
import { expect, jobSucceeded, languages, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

for (const lang of languages) {
  test(`R2.024 nodejs (${lang}): create an application, a refused port, the environment's values hidden, its releases`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    const name = `e2e-${lang}-${Date.now() % 100_000}`;
    const port = 20_000 + (Date.now() % 4000) * 10 + (lang === 'de' ? 0 : 5);
    await signIn(page, lang);
    await openSection(page, 'nodejs', t.title);
    await expect(page.getByRole('cell', { name: 'shop-api', exact: true })).toBeVisible();

    await page.getByRole('link', { name: t.list.create }).first().click();
    await expect(page).toHaveURL(/\/managed\/nodejs\/create$/);
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill(name);
    await page.getByRole('combobox', { name: t.form.nodeVersion }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await page.getByRole('textbox', { name: t.form.port, exact: true }).fill('3001'); // inside shop-api's ports
    await page.getByRole('textbox', { name: t.form.environment, exact: true }).fill('NODE_ENV=production\nAPI_KEY=e2e-secret');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#nodejs-port-helper-text')).toHaveText(t.errors.port_taken);

    await page.getByRole('textbox', { name: t.form.port, exact: true }).fill(String(port));
    await shot(page, `nodejs-${lang}-form`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/nodejs(\?job=\d+)?$/);
    await jobSucceeded(page);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await shot(page, `nodejs-${lang}-list`);

    await row.getByRole('button', { name: t.releases.open.replace('{{name}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: t.releases.title.replace('{{name}}', name) });
    await expect(dialog).toContainText(`/var/www/nodejs/${name}/releases`);
    await expect(dialog).toContainText(t.releases.none);
    await dialog.getByRole('button', { name: t.releases.close }).click();

    // Editing shows the names of the environment, never a value.
    await row.getByRole('link', { name: t.list.edit.replace('{{name}}', name) }).click();
    const env = page.getByRole('textbox', { name: t.form.environment, exact: true });
    await expect(env).toHaveValue('NODE_ENV\nAPI_KEY');
    await expect(page.getByText('e2e-secret')).toHaveCount(0);
  });
}
