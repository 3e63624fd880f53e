/**
 * The `rabbitmq` section in the browser, in German and English, on a demo server that runs `rabbitmq`: the
 * figures measured on the server arrive live, the history of another range, and the same values as a table.
 * Read-only: nothing to apply or undo. Helpers and texts are the SDK's (`@portal/plugin-sdk/testing/e2e`).
 */
import { expect, journeyLanguages, openSection, pluginTexts, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`rabbitmq (${lang}): live figures of the server, the history as charts and as a table`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'rabbitmq', text(lang, 'title'), { service: 'rabbitmq' });

    // The first measurement arrives at once: how many processes of rabbitmq run there (0 where it does not).
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', /live|polling/);
    await expect(page.getByTestId('figure-processes')).toContainText(text(lang, 'figures.processes'));
    await expect(page.getByTestId('figure-processes-value')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('figure-memoryBytes-value')).toHaveText(/^[\d.,]+\s(B|KiB|MiB|GiB)$/);
    await expect(page.getByTestId('chart-cpuPercent').getByRole('heading', { name: text(lang, 'figures.cpuPercent') })).toBeVisible();

    // Another range, then the table: its column is the figure, its rows the measured intervals.
    await page.getByRole('button', { name: sdkText(lang, 'stats.range.long.24h') }).click();
    await expect(page).toHaveURL(/range=24h/);
    await page.getByLabel(sdkText(lang, 'stats.history.asTable')).check();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByTestId('metrics-table');
    await expect(table.getByRole('columnheader', { name: text(lang, 'figures.processes') })).toBeVisible();
    await expect(table.getByRole('row')).not.toHaveCount(1);
  });
}
