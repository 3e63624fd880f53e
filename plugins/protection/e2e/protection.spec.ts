/**
 * The `protection` section in the browser, in German and English, on a demo server that runs `protection`: an
 * address that is none refused in the allow list, a jail added and applied with progress (checked by the real
 * fail2ban-client, the private fail2ban-server reloaded), the rendered jails file showing it, and the change undone.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, sdkText, sdkTexts, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`protection (${lang}): a bad allow-list address refused, a jail applied, seen in the file, undone`, async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, lang);
    await openSection(page, 'protection', text(lang, 'title'), { service: 'protection' });

    const allow = page.getByRole('textbox', { name: text(lang, 'settings.ignoreIp.label') });
    await allow.fill('192.0.2.0/24, 300.1.2.3');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await expect(page.getByText(text(lang, 'errors.address_format'))).toBeVisible();

    const jails = page.getByTestId('protection-jails');
    await page.locator('#protection-jail').click();
    await page.getByRole('option', { name: lang === 'de' ? 'postfix' : 'dovecot', exact: true }).click();
    await page.locator('#protection-bantime').fill('7200');
    await page.getByRole('button', { name: text(lang, 'jails.add') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);
    await expect(jails).toContainText(lang === 'de' ? 'postfix' : 'dovecot');

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/fail2ban/jail.d/portal.conf', { exact: true })).toContainText(`[${lang === 'de' ? 'postfix' : 'dovecot'}]\nenabled = true\nbantime = 7200`);

    await rollBack(page, lang);
    await expect(jails).not.toContainText(lang === 'de' ? 'postfix' : 'dovecot');
  });
}
