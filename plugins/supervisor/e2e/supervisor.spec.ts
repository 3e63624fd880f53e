/**
 * The `supervisor` section in the browser (de; en too with E2E_ALL_LANGUAGES=1): the demo programs, a new program
 * with a quoted command and a secret environment variable created through the form and applied with progress (the
 * secret never shown again), its process RUNNING in the live status of the private supervisord, the crash-loop
 * notice of the demo worker, its log following new lines live, paused and resumed by keyboard.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, shot, signIn } from '@portal/plugin-sdk/testing/e2e';
import { test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

for (const lang of journeyLanguages('de')) {
  test(`R2.032 R2.024 supervisor (${lang}): create a program with a secret variable, apply, RUNNING in the live status, crash-loop notice, live log`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    const name = `e2e-ticker-${lang}`;
    const secret = 'e2e-Secret-4711';
    const numbered = (text: string) => text.replace('{{index}}', '1');
    await signIn(page, lang);
    await openSection(page, 'supervisor', t.title);
    await expect(page.getByRole('cell', { name: 'heartbeat', exact: true })).toBeVisible();

    await page.getByRole('link', { name: t.list.create }).first().click();
    await expect(page).toHaveURL(/\/managed\/supervisor\/create$/);
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill(name);
    await page.getByRole('textbox', { name: t.form.command, exact: true }).fill(`sh -c "while true; do echo 'e2e tick'; sleep 1; done"`);
    await page.getByRole('button', { name: t.form.envAdd }).click();
    await page.getByRole('textbox', { name: numbered(t.form.envName) }).fill('API_TOKEN');
    await page.getByRole('checkbox', { name: numbered(t.form.envSecret) }).check();
    await page.getByLabel(numbered(t.form.envValue)).fill(secret);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/supervisor(\?job=\d+)?$/);
    await jobSucceeded(page);
    await shot(page, `supervisor-${lang}-list`);

    await expect(page.getByRole('row').filter({ hasText: name }).first()).toContainText('API_TOKEN');
    await expect(page.locator('body')).not.toContainText(secret);
    const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'RUNNING' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    // The demo worker's script does not exist: it exits at once, again and again.
    await expect(page.getByTestId('supervisor-crashloop-queue-worker')).toBeVisible({ timeout: 30_000 });

    await row.getByRole('button', { name: t.status.log.replace('{{name}}', name) }).click();
    const dialog = page.getByRole('dialog', { name: t.log.title.replace('{{name}}', name) });
    await expect(dialog).toContainText('e2e tick');
    await expect(dialog.getByRole('status')).toHaveText(t.log.live);
    // New lines arrive while the dialog is open (the tail follows every 2 s).
    const ticks = async () => ((await dialog.getByTestId('supervisor-log').textContent()) ?? '').split('e2e tick').length - 1;
    const before = await ticks();
    await expect.poll(ticks, { timeout: 15_000 }).toBeGreaterThan(before + 1);
    const pause = dialog.getByRole('button', { name: t.log.pause });
    await pause.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(t.log.paused);
    await expect(dialog.getByRole('button', { name: t.log.resume })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: t.log.resume }).press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(t.log.live);
    await shot(page, `supervisor-${lang}-log`);
    await dialog.getByRole('button', { name: t.log.close }).click();
  });
}
