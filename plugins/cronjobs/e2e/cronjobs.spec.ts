/**
 * The cron jobs section in the browser, in German and English: create a job (an impossible schedule
 * and a duplicate refused, the schedule described in words with its next five runs in the user's
 * time zone), apply with progress, the result in the list and in /etc/cron.d/portal, roll back.
 */
import { type Page } from '@playwright/test';
import { expect, test, ensureApplied, jobSucceeded, openSection as openManaged, pluginTexts, rollBack, sdkTexts, shot, signIn as login, type Lang, journeyLanguages } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });
/** What is not one of the plugin's texts as it is: cronstrue's words, run times, the managed namespace's note. */
const texts = {
  de: {
    summary: /\d+ Jobs, \d+ aktiv/,
    description: 'Läuft: Um 02:30, Montag bis Freitag',
    nextRunsIn: /Die nächsten Ausführungen in Ihrer Zeitzone \(Europe\/Berlin\)/,
    weekday: /^(Mo|Di|Mi|Do|Fr)\.,/,
    skipped: 'Für diesen Dienst gibt es hier keine Prüfung.',
  },
  en: {
    summary: /\d+ jobs, \d+ active/,
    description: 'Runs: At 02:30 AM, Monday through Friday',
    nextRunsIn: /The next runs in your time zone \(Europe\/Berlin\)/,
    weekday: /^(Mon|Tue|Wed|Thu|Fri),/,
    skipped: 'This service has no validation step here.',
  },
} as const;

/** The cron jobs section of web01 of cluster 20011, opened from the dashboard (its card: how many jobs) like a user would. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await openManaged(page, 'cronjobs', text(lang, 'title'), async () => {
    await expect(page.getByRole('region', { name: text(lang, 'title'), exact: true })).toContainText(texts[lang].summary);
    await shot(page, `cronjobs-${lang}-dashboard`);
  });
  await expect(page.locator('[data-testid^="cronjob-"]').first()).toBeVisible();
}

for (const lang of journeyLanguages('de')) {
  test(`R2.029 R2.024 cron jobs (${lang}): create with description and next runs, impossible schedule and duplicate refused, apply with progress, the cron file, roll back`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    const command = `php /var/www/shop/current/bin/console e2e:report --lang=${lang} --date=%F`;
    await login(page, lang);
    await openSection(page, lang);
    await expect(page.getByText(text(lang, 'list.lastRunNever')).first()).toBeVisible();
    await shot(page, `cronjobs-${lang}-list`);

    await ensureApplied(page, lang, text(lang, 'file.title'));

    // Create: 31 February never comes — the preview says so, and the form refuses to send it.
    await page.getByRole('link', { name: text(lang, 'list.create') }).first().click();
    await page.getByLabel(text(lang, 'form.schedule')).fill('0 0 31 2 *');
    await expect(page.getByTestId('schedule-preview')).toContainText(text(lang, 'errors.schedule_never'));
    await page.getByRole('textbox', { name: text(lang, 'form.command'), exact: true }).fill(command);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#cronjobs-schedule-helper-text')).toHaveText(text(lang, 'errors.schedule_never'));
    await shot(page, `cronjobs-${lang}-impossible`);

    // A job that exists already is refused by the server (422), shown under the command.
    await page.getByLabel(text(lang, 'form.schedule')).fill('* * * * *');
    await page.getByRole('textbox', { name: text(lang, 'form.command'), exact: true }).fill('cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction');
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#cronjobs-command-helper-text')).toHaveText(text(lang, 'errors.duplicate'));

    // A good one: described in words, the next five runs on weekdays at 02:30 in the user's time zone.
    await page.getByLabel(text(lang, 'form.schedule')).fill('30 2 * * mon-fri');
    await page.getByRole('textbox', { name: text(lang, 'form.command'), exact: true }).fill(command);
    await expect(page.getByTestId('schedule-description')).toHaveText(t.description);
    await expect(page.getByTestId('schedule-preview')).toContainText(t.nextRunsIn);
    const runs = page.getByTestId('schedule-next-runs').getByRole('listitem');
    await expect(runs).toHaveCount(5);
    for (const run of await runs.allTextContents()) {
      expect(run).toMatch(t.weekday);
      expect(run).toContain('02:30');
    }
    await shot(page, `cronjobs-${lang}-form`);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();

    // Apply with progress; cron has no check of its own, which is no news to the user (issue 15).
    await expect(page).toHaveURL(/\/managed\/cronjobs\?job=\d+$/);
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);
    await expect(page.getByTestId('apply-progress')).not.toContainText(t.skipped);
    const row = page.locator('[data-testid^="cronjob-"]').filter({ hasText: command });
    await expect(row).toContainText(t.description.split(': ')[1]);
    const id = Number((await row.getAttribute('data-testid'))!.replace('cronjob-', ''));
    await row.getByRole('button', { name: text(lang, 'list.showRuns', { id }) }).click();
    await expect(page.getByTestId(`details-${id}`).getByRole('listitem')).toHaveCount(5);
    await shot(page, `cronjobs-${lang}-applied`);

    // The file on the server: the weekday names as numbers, % escaped for cron.
    const file = page.getByLabel('/etc/cron.d/portal', { exact: true });
    if (!(await file.isVisible())) await page.getByRole('button', { name: text(lang, 'file.title') }).click();
    await expect(file).toContainText(`30 2 * * 1-5 www-data ${command.replace('%', '\\%')}`);
    await shot(page, `cronjobs-${lang}-file`);

    // Roll back to the version before: the job is gone again, from the list and the file.
    await rollBack(page, lang);
    await expect(row).toHaveCount(0);
    await expect(file).not.toContainText(command.replace('%', '\\%'));
  });
}

test('R2.029 cron jobs: deleting a job asks first, then applies', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'de');
  await openSection(page, 'de');
  await ensureApplied(page, 'de', text('de', 'file.title'));
  const first = page.locator('[data-testid^="cronjob-"]').first();
  const id = Number((await first.getAttribute('data-testid'))!.replace('cronjob-', ''));
  await page.getByRole('button', { name: text('de', 'list.delete', { id }) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'cronjobs-de-delete');
  // Escape keeps the job.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`cronjob-${id}`)).toBeVisible();
  await page.getByRole('button', { name: text('de', 'list.delete', { id }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('de', 'delete.confirm') }).click();
  await jobSucceeded(page);
  await expect(page.getByTestId(`cronjob-${id}`)).toHaveCount(0);
  // … and undo brings it back.
  await rollBack(page, 'de');
  await expect(page.getByTestId(`cronjob-${id}`)).toBeVisible();
});
