/**
 * The `supervisor` section in the browser (one language, de): the demo programs, a new program with a quoted
 * command created through the form and applied with progress, its process RUNNING in the live status of the
 * private supervisord, the crash-loop notice of the demo worker, its log.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, shot, signIn } from '@portal/plugin-sdk/testing/e2e';
import { test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

for (const lang of journeyLanguages('de')) {
  test(`R2.032 R2.024 supervisor (${lang}): create a program, apply, RUNNING in the live status, crash-loop notice, log`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    await signIn(page, lang);
    await openSection(page, 'supervisor', t.title);
    await expect(page.getByRole('cell', { name: 'heartbeat', exact: true })).toBeVisible();

    await page.getByRole('link', { name: t.list.create }).first().click();
    await expect(page).toHaveURL(/\/managed\/supervisor\/create$/);
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill('e2e-ticker');
    await page.getByRole('textbox', { name: t.form.command, exact: true }).fill(`sh -c "while true; do echo 'e2e tick'; sleep 1; done"`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/supervisor(\?job=\d+)?$/);
    await jobSucceeded(page);
    await shot(page, `supervisor-${lang}-list`);

    const row = page.getByRole('row').filter({ hasText: 'e2e-ticker' }).filter({ hasText: 'RUNNING' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    // The demo worker's script does not exist: it exits at once, again and again.
    await expect(page.getByTestId('supervisor-crashloop-queue-worker')).toBeVisible({ timeout: 30_000 });

    await row.getByRole('button', { name: t.status.log.replace('{{name}}', 'e2e-ticker') }).click();
    const dialog = page.getByRole('dialog', { name: t.log.title.replace('{{name}}', 'e2e-ticker') });
    await expect(dialog).toContainText('e2e tick');
    await dialog.getByRole('button', { name: t.log.close }).click();
  });
}
