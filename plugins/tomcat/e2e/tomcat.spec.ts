/**
 * The `tomcat` section in the browser, on the demo server that runs `tomcat` (real private Tomcats in the portal's
 * sandbox): the `default` instance edited on the instances page (a heap below its limit refused by the form, a small
 * heap and a JVM option saved and applied after `catalina.sh configtest`); a web application written into the
 * server's sandbox deployed into that instance through the form (a path outside /srv/ refused by the server), served
 * by it (HTTP 200 in its group of the status panel), then undeployed after a confirmation. In German, short: the
 * instances page lists the instance with its port and heap, and the removal asks first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, hasProgram, jobSucceeded, journeyLanguages, openSection, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

/** Writes a tiny web application into the sandbox of the server the page shows (data/e2e-<port>/servers/<id>/srv/apps/<name>). */
function webApplication(url: string, baseURL: string, name: string): void {
  const serverId = /\/servers\/(\d+)\//.exec(url)![1]!;
  const dir = path.resolve(`data/e2e-${new URL(baseURL).port}/servers/${serverId}/srv/apps/${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title><p>Hello from ${name}</p>\n`);
}

for (const lang of journeyLanguages('en')) {
  test(`tomcat (${lang}): the default instance changed, checked by configtest and restarted; a web application deployed into it and served, undeployed`, async ({ page, baseURL }) => {
    test.skip(!hasProgram('/usr/share/tomcat10/bin/catalina.sh'), 'tomcat10 is not installed');
    test.setTimeout(180_000);
    const t = texts[lang];
    const name = `hello-${lang}`;
    await signIn(page, lang);
    await openSection(page, 'tomcat', t.title, { service: 'tomcat' });
    await expect(page.getByRole('cell', { name: 'shop', exact: true })).toBeVisible(); // the demo application

    // The `default` instance: the form refuses a heap below its minimum; a small heap and an option are saved and applied.
    await page.getByRole('tab', { name: t.tabs.instances, exact: true }).click();
    await expect(page).toHaveURL(/\/managed\/tomcat\/instances$/);
    const instances = page.getByTestId('tomcat-instances');
    await expect(instances.getByRole('row').filter({ hasText: 'default' })).toContainText('8080');
    await page.getByRole('link', { name: t.instances.edit.replace('{{name}}', 'default') }).click();
    const heapMax = page.getByRole('textbox', { name: t.settings.heapMaxMb.label, exact: true });
    await heapMax.fill('8');
    await heapMax.blur();
    await expect(page.getByText(sdkText(lang, 'resource.invalid.minimum'))).toBeVisible();
    await page.getByRole('textbox', { name: t.settings.heapMinMb.label, exact: true }).fill('32');
    await heapMax.fill('96');
    await page.getByRole('textbox', { name: t.settings.jvmOptions.label, exact: true }).fill('-XX:+UseSerialGC -XX:TieredStopAtLevel=1');
    await page.getByRole('button', { name: t.form.submitEdit }).click();
    await expect(page).toHaveURL(/\/managed\/tomcat(\?job=\d+)?$/);
    await jobSucceeded(page);

    // Deploy: a path outside /srv/ and /var/www/ is refused by the server, the application's directory is served.
    webApplication(page.url(), baseURL!, name);
    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill(name);
    await page.getByRole('textbox', { name: t.form.source, exact: true }).fill('/etc/tomcat10');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#tomcat-source-helper-text')).toHaveText(t.errors.source_outside);
    await page.getByRole('textbox', { name: t.form.source, exact: true }).fill(`/srv/apps/${name}`);
    await expect(page.getByRole('combobox', { name: t.form.instance })).toContainText('default');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/tomcat(\?job=\d+)?$/);
    await jobSucceeded(page);
    const served = page.getByTestId('tomcat-instance-applications-default').getByRole('row').filter({ hasText: `/${name}/` });
    await expect(served).toContainText('200', { timeout: 30_000 });

    // Undeploy after the confirmation: the row is gone.
    await page.getByRole('button', { name: t.list.delete.replace('{{name}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: t.delete.title });
    await expect(dialog).toContainText(`/srv/apps/${name}`);
    await dialog.getByRole('button', { name: t.delete.confirm }).click();
    await jobSucceeded(page);
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });
}

test('tomcat (de): die Instanzen mit Port und Heap; Entfernen fragt erst nach', async ({ page }) => {
  const t = texts.de;
  await signIn(page, 'de');
  await openSection(page, 'tomcat', t.title, { service: 'tomcat' });
  await page.getByRole('tab', { name: t.tabs.instances, exact: true }).click();
  const row = page.getByTestId('tomcat-instances').getByRole('row').filter({ hasText: 'default' });
  await expect(row).toContainText('8080');
  await expect(row).toContainText('MB');
  await page.getByRole('button', { name: t.instances.delete.replace('{{name}}', 'default') }).click();
  const dialog = page.getByRole('dialog', { name: t.instances.deleteTitle });
  await expect(dialog).toContainText('default');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
});
