/**
 * The `redis` section in the browser, in German and English, on the demo database server (the one that runs
 * `redis`): a value outside its limits refused by the form, a change saved, checked by redis-server and applied
 * with progress, the rendered file showing it, the private instance running with its live figures and
 * databases, a flush asked for and confirmed, and the change undone.
 */
import { expect, jobSucceeded, openSection, pluginTexts, rollBack, sdkText, signIn, test, journeyLanguages } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('en')) {
  test(`redis (${lang}): change a setting, see it in the file and the running instance, flush, undo`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'redis', text(lang, 'title'), { service: 'redis' });
    await expect(page.getByText(text(lang, 'instance.notRunning'))).toBeVisible();

    const databases = page.getByRole('spinbutton', { name: text(lang, 'settings.databases.label') });
    await databases.fill('65');
    await databases.blur();
    await expect(page.locator('#redis-databases-helper-text')).toHaveText(sdkText(lang, 'config.invalid.maximum', { max: 64 }));
    await databases.fill('16');
    const memory = lang === 'de' ? 128 : 192;
    await page.getByRole('spinbutton', { name: text(lang, 'settings.maxmemoryMb.label') }).fill(String(memory));
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/redis/redis.conf', { exact: true })).toContainText(`maxmemory ${memory}mb`);

    // The private instance runs: its live figures and what it reports.
    await expect(page.getByRole('heading', { name: text(lang, 'figures.title') })).toBeVisible();
    await expect(page.getByTestId('stats-panel')).toBeVisible();
    await expect(page.getByTestId('redis-instance-summary')).toContainText('Redis 7', { timeout: 20_000 });

    await page.getByRole('button', { name: text(lang, 'instance.flushAll') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'instance.confirmAll'));
    await dialog.getByRole('button', { name: text(lang, 'instance.flushAll') }).click();
    await expect(page.getByText(text(lang, 'instance.flushed', { count: 0 }))).toBeVisible();

    await rollBack(page, lang);
    await expect(page.getByRole('spinbutton', { name: text(lang, 'settings.maxmemoryMb.label') })).toHaveValue('256');
    await expect(page.getByLabel('/etc/redis/redis.conf', { exact: true })).toContainText('maxmemory 256mb');
  });
}
