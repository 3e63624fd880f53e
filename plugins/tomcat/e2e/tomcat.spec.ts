/**
 * The `tomcat` section in the browser, on the demo server that runs `tomcat` (a real private Tomcat in the portal's
 * sandbox): a heap below its limit refused by the form, a small heap and a JVM option saved and applied after
 * `catalina.sh configtest`; a web application written into the server's sandbox deployed through the form (a path
 * outside /srv/ refused by the server), served by the instance (HTTP 200 in the instance panel), then undeployed
 * after a confirmation.
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
  test(`tomcat (${lang}): settings checked by configtest and applied, a web application deployed and served, undeployed`, async ({ page, baseURL }) => {
    test.skip(!hasProgram('/usr/share/tomcat10/bin/catalina.sh'), 'tomcat10 is not installed');
    test.setTimeout(180_000);
    const t = texts[lang];
    const name = `hello-${lang}`;
    await signIn(page, lang);
    await openSection(page, 'tomcat', t.title, { service: 'tomcat' });
    await expect(page.getByRole('cell', { name: 'shop', exact: true })).toBeVisible(); // the demo application

    // Settings: the form refuses a heap below its minimum; a small heap and an option are saved and applied.
    await page.getByRole('tab', { name: t.tabs.settings }).click();
    await expect(page).toHaveURL(/\/managed\/tomcat\/settings$/);
    const heapMax = page.getByRole('spinbutton', { name: t.settings.heapMaxMb.label });
    await heapMax.fill('8');
    await heapMax.blur();
    await expect(page.locator('#tomcat-heapMaxMb-helper-text')).toHaveText(sdkText(lang, 'config.invalid.minimum', { min: 32 }));
    await page.getByRole('spinbutton', { name: t.settings.heapMinMb.label }).fill('32');
    await heapMax.fill('96');
    await page.getByRole('textbox', { name: t.settings.jvmOptions.label }).fill('-XX:+UseSerialGC -XX:TieredStopAtLevel=1');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    // Deploy: a path outside /srv/ and /var/www/ is refused by the server, the application's directory is served.
    await page.getByRole('tab', { name: t.tabs.applications }).click();
    webApplication(page.url(), baseURL!, name);
    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill(name);
    await page.getByRole('textbox', { name: t.form.source, exact: true }).fill('/etc/tomcat10');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#tomcat-source-helper-text')).toHaveText(t.errors.source_outside);
    await page.getByRole('textbox', { name: t.form.source, exact: true }).fill(`/srv/apps/${name}`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/tomcat(\?job=\d+)?$/);
    await jobSucceeded(page);
    const served = page.getByTestId('tomcat-instance-applications').getByRole('row').filter({ hasText: `/${name}/` });
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
