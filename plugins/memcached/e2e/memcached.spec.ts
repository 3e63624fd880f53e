/**
 * The `memcached` section in the browser (German; English is the redis journey's language, every screen is opened
 * in both by the accessibility passes) on the demo database server that runs `memcached`: a value outside its
 * limits refused by the form, a change saved, checked by memcached and applied with progress, the options file
 * showing it, the private instance running with its live figures and the settings in effect, a flush asked for
 * and confirmed, and the change undone.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`memcached (${lang}): change a setting, see it in the file and the running instance, flush, undo (R7.018)`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'memcached', text(lang, 'title'), { service: 'memcached' });
    await expect(page.getByText(text(lang, 'instance.notRunning'))).toBeVisible();

    const threads = page.getByRole('spinbutton', { name: text(lang, 'settings.threads.label') });
    await threads.fill('65');
    await threads.blur();
    await expect(page.locator('#memcached-threads-helper-text')).toHaveText(sdkText(lang, 'config.invalid.maximum', { max: 64 }));
    await threads.fill('2');
    await page.getByRole('spinbutton', { name: text(lang, 'settings.memoryMb.label') }).fill('96');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/memcached.conf', { exact: true })).toContainText('-m 96');

    // The private instance runs: its live figures and the settings in effect.
    await expect(page.getByRole('heading', { name: text(lang, 'figures.title') })).toBeVisible();
    await expect(page.getByTestId('stats-panel')).toBeVisible();
    await expect(page.getByTestId('memcached-instance-summary')).toContainText('Memcached 1.', { timeout: 20_000 });
    await expect(page.getByTestId('memcached-settings-in-effect')).toContainText(String(96 * 1024 * 1024));

    await page.getByRole('button', { name: text(lang, 'instance.flush') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'instance.confirmText'));
    await dialog.getByRole('button', { name: text(lang, 'instance.flush') }).click();
    await expect(page.getByText(text(lang, 'instance.flushed_other', { count: 0 }))).toBeVisible();

    await rollBack(page, lang);
    await expect(page.getByRole('spinbutton', { name: text(lang, 'settings.memoryMb.label') })).toHaveValue('64');
    await expect(page.getByLabel('/etc/memcached.conf', { exact: true })).toContainText('-m 64');
  });
}
