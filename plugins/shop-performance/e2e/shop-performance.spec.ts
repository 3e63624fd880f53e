/**
 * The `shop-performance` section in the browser, both languages (issue 25): a daily report schedule saved from the
 * start page, with its next run in Europe/Berlin (a performance report costs nothing: no price to confirm); a
 * report measured now, finished, and its detail page with the key pages probed through the private web server.
 */
import { expect, expectPhoneLayout, jobSucceeded, openSection, sdkText, shot, signIn, test, webServerTexts } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;
/** The web server family's texts (nginx's own are another plugin's: not imported here). */
const webServerText = webServerTexts({ de: {}, en: {} });

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

for (const lang of ['en', 'de'] as const) {
  test(`R2.025 shop-performance (${lang}): measure now, the report finishes, its Pages section shows the TTFB of /`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = texts[lang];
    await signIn(page, lang);
    // The demo's nginx sites are on the server (and its private nginx runs) once they are applied: the first time here.
    await openSection(page, 'nginx', 'nginx');
    const status = page.getByTestId('nginx-status');
    const pending = status.getByRole('button', { name: webServerText(lang, 'status.apply') });
    await expect(status.getByRole('alert').first()).toBeVisible();
    if (await pending.isVisible()) {
      await pending.click();
      await jobSucceeded(page);
    }
    await expect(pending).toHaveCount(0);

    await page.getByRole('link', { name: t.title, exact: true }).first().click();
    // The run just started (the row of the id it answers; an earlier report may be listed), followed until it is done.
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && /\/shop-performance\/reports$/.test(r.url())),
      page.getByRole('button', { name: t.run }).click(),
    ]);
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as { id: number };
    const report = page.getByTestId('shop-performance-report-row').filter({ has: page.locator(`a[href$="/report/${id}"]`) });
    await expect(report).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(report).toContainText(sdkText(lang, 'reports.statuses.done'));
    await report.getByRole('link').click();
    await expect(page).toHaveURL(/\/managed\/shop-performance\/report\/\d+$/);

    // The Pages section: the shop's home page asked through the private nginx, with its median time to first byte.
    await expect(page.getByRole('heading', { level: 2, name: t.pages.title })).toBeVisible();
    const pages = page.getByRole('table', { name: t.pages.caption });
    const home = pages.getByRole('row').filter({ hasText: 'https://www.mueller-schmidt-shop.example/' });
    await expect(home).toHaveCount(1);
    const ttfb = pages.getByRole('columnheader').filter({ hasText: t.pages.ttfb });
    await expect(ttfb).toHaveCount(1);
    await expect(home.getByRole('cell').nth(2)).toHaveText(/^\d+[.,]\d ms$/);
    await expectPhoneLayout(page, `shop-performance-${lang}-report`);
  });
}

