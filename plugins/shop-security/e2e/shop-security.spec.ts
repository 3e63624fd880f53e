/**
 * The `shop-security` section in the browser (one language, en): the price of a scan before it starts (R9.023),
 * the demo scan's report/{reportId} with its findings and fix steps (R2.025), and a new scan started in a second tab
 * that the first tab's list shows and follows to its end without a reload (over the socket: that list does not poll).
 */
import { expect, journeyLanguages, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

for (const lang of journeyLanguages('en')) {
  test(`R2.025 R9.023 shop-security (${lang}): price before the scan, a report's findings with fix steps, scan now`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    await signIn(page, lang);
    await openSection(page, 'shop-security', t.title);

    // Cluster 20011 has the Business SLA: the scan is charged, and the page says so before it starts.
    await expect(page.getByTestId('shop-security-price')).toContainText(t.price.charged.sla_not_basic.split('{{price}}')[0]!.trim());
    const rows = page.getByTestId('shop-security-report-row');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('link').click();

    await expect(page).toHaveURL(/\/managed\/shop-security\/report\/\d+$/);
    const finding = page.getByTestId('shop-security-finding').filter({ hasText: 'eval_obfuscated' });
    await expect(finding).toContainText('/var/www/shop/pub/media/catalog/product/cache/x.php:1');
    await expect(finding).toContainText(t.fix.malware);
    await expect(page.getByTestId('shop-security-finding').filter({ hasText: 'world_writable' })).toContainText('chmod o-w /var/www/shop/app/etc/env.php.bak');
    await shot(page, `shop-security-${lang}-report`);

    await page.getByRole('link', { name: /Back to the reports|Zurück zu den Berichten/ }).click();
    await expect(rows).toHaveCount(1);

    // Scan now in a second tab; this tab follows it without a reload. Its list holds no running scan, so it does
    // not poll: only the `shop-security.report` events can bring the new scan here (issue 25, live reports).
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: new RegExp(t.run.charged.split('{{price}}')[0]!.trim()) }).click();
    await expect(other.getByTestId('shop-security-report-row')).toHaveCount(2);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(other.getByTestId('shop-security-report-row').first()).toHaveAttribute('data-status', 'done');
    await other.close();
  });
}

// Issue 25, both languages: the new findings with the directive that fixes them, and a weekly schedule whose
// charged scans (Business SLA) must be confirmed once before it is saved.
for (const lang of ['en', 'de'] as const) {
  test(`R2.025 R9.023 shop-security (${lang}): HTTP and cron findings with their fix, a schedule confirmed with its price`, async ({ page }) => {
    const t = texts[lang];
    await signIn(page, lang);
    await openSection(page, 'shop-security', t.title);
    await page.getByTestId('shop-security-report-row').last().getByRole('link').click();
    await expect(page.getByTestId('shop-security-finding').filter({ hasText: 'header_referrer_policy' })).toContainText('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
    await expect(page.getByTestId('shop-security-finding').filter({ hasText: 'cron_download_exec' })).toContainText('/etc/cron.d/portal:4');
    await page.getByRole('link', { name: /Back to the reports|Zurück zu den Berichten/ }).click();

    const form = page.getByTestId('shop-security-schedule');
    await form.getByLabel(lang === 'en' ? 'Runs' : 'Läufe').click();
    await page.getByRole('option', { name: lang === 'en' ? 'Weekly' : 'Wöchentlich' }).click();
    await expect(page.getByTestId('shop-security-schedule-price')).toContainText('19');
    await form.getByRole('button', { name: lang === 'en' ? 'Save schedule' : 'Zeitplan speichern' }).click();
    await expect(form.getByText(t.errors.price_not_confirmed)).toBeVisible();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: lang === 'en' ? 'Save schedule' : 'Zeitplan speichern' }).click();
    await expect(form.getByText(lang === 'en' ? 'Schedule saved.' : 'Zeitplan gespeichert.')).toBeVisible();
    await expect(page.getByTestId('shop-security-schedule-next')).toContainText(lang === 'en' ? 'Next scheduled run' : 'Nächster geplanter Lauf');
    await shot(page, `shop-security-${lang}-schedule`);
  });
}
