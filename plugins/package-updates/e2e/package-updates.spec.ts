/**
 * The `package-updates` section in the browser, German and English, each on its own demo server (so each finds the
 * sandbox's real pending updates): the pending list with the security flag and the configuration it would replace,
 * an invalid maintenance window refused, a valid one saved and applied, "update now" confirmed, followed to its end
 * and found in the history, the updated package no longer pending. R2.026.
 */
import {
  expect,
  jobSucceeded,
  journeyLanguages,
  openSection,
  pluginTexts,
  sdkText,
  sdkTexts,
  signIn,
  test,
} from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });
/** de on the load balancer (it runs nginx: nginx-common's configuration is named), en on the database server. */
const serverOf = { de: 'nginx', en: 'mysql' } as const;

for (const lang of journeyLanguages('de')) {
  test(`R2.026 package-updates (${lang}): pending updates, a maintenance window, update now and its history`, async ({ page }) => {
    test.setTimeout(420_000); // apt parses all of Debian's lists per simulation: seconds each on a busy machine
    await signIn(page, lang);
    await openSection(page, 'package-updates', text(lang, 'title'), { service: serverOf[lang] });

    // Pending: tzdata from Debian's security archive, nginx-common with configuration files.
    const tzdata = page.locator('[data-testid="package-updates-pending-row"][data-package="tzdata"]');
    await expect(tzdata).toBeVisible({ timeout: 120_000 });
    await expect(tzdata).toContainText('2024a-0+deb12u1');
    await expect(tzdata).toContainText(text(lang, 'pending.securityYes'));
    await expect(tzdata).toContainText('Debian-Security');
    await expect(page.getByTestId('package-updates-conffiles')).toContainText('nginx-common');
    if (lang === 'de') await expect(page.getByTestId('package-updates-replaces')).toContainText('nginx');

    // A window that ends before it starts: the server's rule, shown at the field.
    const end = page.getByRole('textbox', { name: text(lang, 'settings.maintenanceEnd.label') });
    await page.getByRole('textbox', { name: text(lang, 'settings.maintenanceStart.label') }).fill('05:00');
    await end.fill('04:00');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await expect(page.getByText(text(lang, 'errors.window_end_before_start'))).toBeVisible();
    await end.fill('06:30');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);

    // Update now, confirmed; the run is followed to its end and stays in the history.
    await page.getByRole('button', { name: text(lang, 'pending.updateNow') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(lang, 'pending.confirm') })
      .click();
    const newest = page.getByTestId('package-updates-upgrade-row').first();
    await expect(newest).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    await expect(tzdata).toBeHidden({ timeout: 120_000 });
    await newest.getByRole('link').click();
    await expect(page.locator('[data-testid="package-updates-applied-row"]').filter({ hasText: 'tzdata' })).toContainText(
      '2024a-0+deb12u1',
    );
  });
}
