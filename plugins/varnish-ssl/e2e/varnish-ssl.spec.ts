/**
 * The `varnish-ssl` section in the browser (one language, `journeyLanguages`), on the demo load balancer that runs
 * `varnish`: a value outside its limits refused by the form, the default TTL changed, compiled by varnishd and loaded
 * into the private Varnish with progress, the rendered VCL showing it, the whole cache purged after a confirmation,
 * the start parameters and the request log on their pages, and the change undone.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('en')) {
  test(`R2.033 varnish-ssl (${lang}): change the TTL, apply, see it in the VCL, purge, start parameters and log, undo`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, lang);
    await openSection(page, 'varnish-ssl', text(lang, 'title'), { service: 'varnish' });

    const ttl = page.getByRole('spinbutton', { name: `${text(lang, 'settings.defaultTtlSeconds.label')} (s)` });
    await ttl.fill('31536001');
    await ttl.blur();
    await expect(page.locator('#varnish-ssl-defaultTtlSeconds-helper-text')).toHaveText(sdkText(lang, 'config.invalid.maximum', { max: 31536000 }));
    await ttl.fill('300');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/varnish/portal.vcl', { exact: true })).toContainText('set beresp.ttl = 300s;');
    // The private Varnish runs the new VCL.
    await expect(page.getByTestId('varnish-ssl-loaded')).toContainText('(', { timeout: 20_000 });

    // Purge everything, after a confirmation.
    await page.getByLabel(text(lang, 'purge.scope')).click();
    await page.getByRole('option', { name: text(lang, 'purge.all') }).click();
    await page.getByRole('button', { name: text(lang, 'purge.submit') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'purge.confirmText'));
    await dialog.getByRole('button', { name: text(lang, 'purge.confirm') }).click();
    await expect(page.getByText(text(lang, 'purge.done', { ban: 'req.url ~ .' }))).toBeVisible();

    // The start parameters and the request log have pages of their own.
    await page.getByRole('tab', { name: text(lang, 'tabs.startparameter') }).click();
    await expect(page.getByRole('spinbutton', { name: `${text(lang, 'settings.memoryMb.label')} (MB)` })).toHaveValue('256');
    await page.getByRole('tab', { name: text(lang, 'tabs.logs') }).click();
    await expect(page.getByRole('heading', { name: text(lang, 'logs.title') })).toBeVisible();

    await page.getByRole('tab', { name: text(lang, 'tabs.config') }).click();
    await rollBack(page, lang);
    await expect(page.getByRole('spinbutton', { name: `${text(lang, 'settings.defaultTtlSeconds.label')} (s)` })).toHaveValue('120');
  });
}

// The TLS front (hitch) in both languages: a certificate of the customer's list chosen, HTTPS switched on (hitch
// --test, the private hitch started in front of Varnish), its state on the page, the change undone.
for (const lang of ['en', 'de'] as const) {
  test(`R2.024 varnish-ssl TLS (hitch) (${lang}): choose a certificate, switch HTTPS on, hitch runs, undo`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, lang);
    await openSection(page, 'varnish-ssl', text(lang, 'title'), { service: 'varnish' });
    await page.getByRole('tab', { name: text(lang, 'tabs.tls') }).click();
    await expect(page.getByRole('heading', { name: text(lang, 'tls.title') })).toBeVisible();

    await page.getByRole('radio', { name: text(lang, 'tls.inventory') }).check();
    await page.getByRole('button', { name: text(lang, 'tls.save') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('varnish-ssl-certificate')).toContainText('www.mueller-schmidt-shop.example');

    await page.getByLabel(text(lang, 'settings.tlsEnabled.label'), { exact: true }).check();
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('varnish-ssl-hitch-state')).toContainText(text(lang, 'tls.running', { listen: '127.0.0.1:' }).split('127.0.0.1:')[0]!, { timeout: 20_000 });

    await rollBack(page, lang);
    await expect(page.getByTestId('varnish-ssl-hitch-state')).toHaveText(text(lang, 'tls.notRunning'), { timeout: 20_000 });
  });
}
