/**
 * The apache section in the browser, in German and English — short, since the web server family's journeys run
 * on its exemplar (plugins/nginx/e2e): the section from the server's navigation, a site created (a name another
 * site has refused by the server), the diff in the configuration view, apply with progress, a request the
 * private apache served appearing in the site's access log, roll back.
 */
import { expect, jobSucceeded, openSection, sdkTexts, shot, signIn, test, webServerTexts, journeyLanguages, hostRequest } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

/** apache's texts, and the web server family's where apache has none of its own. */
const text = webServerTexts({ de, en });

// One after the other: both change the same server.
test.describe.configure({ mode: 'serial' });

for (const lang of journeyLanguages('de')) {
  test(`R2.030 R2.024 apache (${lang}): create a site, a taken name refused, the diff, apply with progress, the request in the access log, roll back`, async ({ page }) => {
    test.setTimeout(180_000);
    const name = `e2e-${lang}.mueller-schmidt-shop.example`;
    await signIn(page, lang);
    await openSection(page, 'apache', text(lang, 'title'), { service: 'apache' });
    const rows = page.getByTestId('apache-vhost-row');
    await expect(rows.filter({ hasText: 'b2b.mueller-schmidt-shop.example' })).toBeVisible();
    await shot(page, `apache-${lang}-sites`);

    // The demo sites are not on the server yet the first time: apply them, so the rollback has a version to go back to.
    const status = page.getByTestId('apache-status');
    const running = new RegExp(text(lang, 'status.service.runningEndpoint', { host: '127\\.0\\.0\\.1', port: '(\\d+)' }));
    const pending = status.getByRole('button', { name: text(lang, 'status.apply') });
    // The status arrives after the page: wait for it (pending demo sites, or apache already running) before deciding.
    await expect(pending.or(status.getByText(running))).toBeVisible();
    if (await pending.isVisible()) {
      await pending.click();
      await jobSucceeded(page);
    }

    // Create a site; a name another site has is refused by the server, under the field.
    await page.getByRole('link', { name: text(lang, 'vhosts.add') }).first().click();
    await page.getByLabel(text(lang, 'vhostForm.primaryName')).fill('b2b.mueller-schmidt-shop.example');
    await page.getByLabel(text(lang, 'vhostForm.documentRoot')).fill(`e2e-${lang}/public`);
    await page.getByRole('radio', { name: text(lang, 'backend.static') }).check();
    await page.getByRole('button', { name: text(lang, 'vhostForm.createTitle') }).click();
    await expect(page.getByText(text(lang, 'errors.server_name_taken'))).toBeVisible();
    await page.getByLabel(text(lang, 'vhostForm.primaryName')).fill(name);
    await page.getByRole('button', { name: text(lang, 'vhostForm.createTitle') }).click();
    await expect(rows.filter({ hasText: name })).toBeVisible();

    // The configuration view shows the new VirtualHost against the server; apply it with progress.
    await page.getByRole('tab', { name: text(lang, 'tabs.config') }).click();
    await expect(page.getByTestId('apache-diff')).toContainText(`+    ServerName ${name}`);
    await shot(page, `apache-${lang}-diff`);
    await page.getByRole('button', { name: text(lang, 'config.apply'), exact: true }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);
    await expect(page.getByTestId('apache-config-in-sync')).toHaveText(text(lang, 'config.inSync'));

    // The private apache serves the site; the request shows in its access log.
    await expect(status).toContainText(running);
    const port = Number(running.exec((await status.textContent()) ?? '')?.[1]);
    // Nothing is deployed there: 404, or 403 where apache's workers (www-data) may not enter the test's data directory.
    const probe = await hostRequest(port, name, `/probe-${lang}`);
    expect([403, 404]).toContain(probe);
    await page.getByRole('tab', { name: text(lang, 'tabs.domains') }).click();
    await page.getByRole('link', { name: text(lang, 'vhosts.actions.accessLogOf', { name }) }).click();
    const log = page.getByTestId('apache-log-row');
    await expect(log.filter({ hasText: `GET /probe-${lang}` })).toBeVisible();
    await expect(log.first()).toContainText(String(probe));
    await shot(page, `apache-${lang}-access-log`);

    // Roll back to the version before: the site is gone again.
    await page.getByRole('tab', { name: text(lang, 'tabs.config') }).click();
    await page.getByRole('button', { name: text(lang, 'config.rollback') }).click();
    await page.getByRole('dialog').getByRole('button', { name: text(lang, 'config.rollbackConfirm.confirm') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].rolledBack);
    await page.getByRole('tab', { name: text(lang, 'tabs.domains') }).click();
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
  });
}
