/**
 * The `shop-performance` section in the browser, both languages (issue 25): a daily report schedule saved from the
 * start page, with its next run in Europe/Berlin (a performance report costs nothing: no price to confirm).
 */
import { expect, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

for (const lang of ['en', 'de'] as const) {
  test(`R2.025 shop-performance (${lang}): a daily report schedule`, async ({ page }) => {
    await signIn(page, lang);
    await openSection(page, 'shop-performance', texts[lang].title);
    const form = page.getByTestId('shop-performance-schedule');
    await form.getByLabel(lang === 'en' ? 'Runs' : 'Läufe').click();
    await page.getByRole('option', { name: lang === 'en' ? 'Daily' : 'Täglich' }).click();
    await expect(page.getByTestId('shop-performance-schedule-price')).toHaveCount(0);
    await form.getByRole('button', { name: lang === 'en' ? 'Save schedule' : 'Zeitplan speichern' }).click();
    await expect(form.getByText(lang === 'en' ? 'Schedule saved.' : 'Zeitplan gespeichert.')).toBeVisible();
    await expect(page.getByTestId('shop-performance-schedule-next')).toContainText(lang === 'en' ? 'Next scheduled run' : 'Nächster geplanter Lauf');
    await shot(page, `shop-performance-${lang}-schedule`);
  });
}
