/**
 * The `nodejs` section in the browser, in German and English: the demo applications, a new application created
 * through the form (the Node.js version chosen from the server's installed ones, secret environment) and applied
 * with progress, a port that overlaps another app refused under its field, the values of the environment never
 * shown again, the releases dialog with the upload directory, the app published on a path of a site of the web
 * server (nginx on web01) with the keyboard — a path without its closing / refused under its field — shown in the
 * "Published" column, in the nginx section's generated site file once nginx applied it, and removed again.
 */
import { expect, jobSucceeded, languages, openSection, shot, signIn, test, webServerTexts } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;
/** The web server family's texts (nginx's section; another plugin's own files are not this spec's to import). */
const nginxText = webServerTexts({ de: {}, en: {} });

for (const lang of languages) {
  test(`R2.024 nodejs (${lang}): create an app, a refused port, its environment hidden, its releases, publish it`, async ({ page }) => {
    test.setTimeout(180_000);
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

    // Publish it through the web server, with the keyboard only: the dialog opens from the row and Escape closes it
    // (the focus back on its button); the site is chosen from the web server's sites, the path typed.
    const openPublish = row.getByRole('button', { name: t.publish.open.replace('{{name}}', name) });
    const publishDialog = page.getByRole('dialog', { name: t.publish.title.replace('{{name}}', name) });
    await expect(row).toContainText(t.publish.not);
    await openPublish.focus();
    await page.keyboard.press('Enter');
    await expect(publishDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(publishDialog).toBeHidden();
    await expect(openPublish).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(publishDialog).toContainText('nginx');
    const siteBox = publishDialog.getByRole('combobox', { name: t.publish.site });
    const pathBox = publishDialog.getByRole('textbox', { name: t.publish.path });
    const submit = publishDialog.getByRole('button', { name: t.publish.submit });
    await expect(submit).toBeDisabled(); // no site chosen yet
    await page.keyboard.press('Tab');
    await expect(siteBox).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const firstSite = page.getByRole('listbox').getByRole('option').first();
    await expect(firstSite).toBeFocused();
    const site = ((await firstSite.textContent()) ?? '').trim();
    expect(site).not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(siteBox).toHaveText(site);
    await expect(siteBox).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(pathBox).toBeFocused();
    await expect(pathBox).toHaveValue(`/${name}/`);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`/${name}`); // without the closing /: refused by the web server, under the field
    await page.keyboard.press('Tab');
    await expect(publishDialog.getByRole('button', { name: t.publish.cancel })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pathBox).toHaveAttribute('aria-invalid', 'true');
    await expect(publishDialog).not.toContainText(t.publish.pathHelp);
    await pathBox.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('/');
    await shot(page, `nodejs-${lang}-publish`);
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(publishDialog).toBeHidden();
    await expect(page.getByText(t.publish.done.replace('{{name}}', name))).toBeVisible();
    const publishedLink = row.getByRole('link', { name: `${site}/${name}/`, exact: true });
    await expect(publishedLink).toBeVisible();
    const appsUrl = page.url();

    // The link leads to the site in the nginx section; nginx's own job applies the location (its configuration in
    // sync again), and the site's generated file forwards the path to the app's upstream.
    await publishedLink.click();
    await expect(page).toHaveURL(/\/managed\/nginx\/domains\/\d+$/);
    await page.getByRole('tab', { name: nginxText(lang, 'tabs.config'), exact: true }).click();
    await expect(page).toHaveURL(/\/managed\/nginx\/config$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('nginx-config-in-sync')).toHaveText(nginxText(lang, 'config.inSync'), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('tab', { name: nginxText(lang, 'config.filesTab_other', { count: 99 }).replace(/\s*\(99\)$/, '') }).click();
    await page.getByRole('button', { name: `/etc/nginx/portal/sites/${site}.conf` }).click();
    const siteFile = page.locator('pre').filter({ hasText: `upstream portal_proxy_nodejs_${name.replace(/-/g, '_')} {` });
    await expect(siteFile).toContainText(`/${name}/`);

    // Removed again from the same dialog: "not published".
    await page.goto(appsUrl);
    await row.getByRole('button', { name: t.publish.open.replace('{{name}}', name) }).click();
    await expect(pathBox).toHaveValue(`/${name}/`);
    await expect(siteBox).toHaveText(site);
    await publishDialog.getByRole('button', { name: t.publish.remove }).click();
    await expect(publishDialog).toBeHidden();
    await expect(page.getByText(t.publish.removed.replace('{{name}}', name))).toBeVisible();
    await expect(row).toContainText(t.publish.not);
    await expect(row.getByRole('link', { name: `${site}/${name}/` })).toHaveCount(0);

    // Editing shows the names of the environment, never a value.
    await row.getByRole('link', { name: t.list.edit.replace('{{name}}', name) }).click();
    const env = page.getByRole('textbox', { name: t.form.environment, exact: true });
    await expect(env).toHaveValue('NODE_ENV\nAPI_KEY');
    await expect(page.getByText('e2e-secret')).toHaveCount(0);
  });
}
