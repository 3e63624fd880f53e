/**
 * The cron jobs section in the browser, in German and English: create a job (an impossible schedule
 * and a duplicate refused, the schedule described in words with its next five runs in the user's
 * time zone), apply with progress, the result in the list and in /etc/cron.d/portal, roll back.
 */
import { expect, test, type Page } from '@playwright/test';

const password = 'Demo-Portal-2026';
const shots = process.env.CRONSSH_SHOTS; // a directory: screenshots of every screen (light and dark) for review

const texts = {
  de: {
    login: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', welcome: /Willkommen/ },
    section: 'Cronjobs',
    summary: /\d+ Jobs, \d+ aktiv/,
    create: 'Neuer Cronjob',
    schedule: 'Zeitplan (Cron-Ausdruck)',
    command: 'Befehl',
    submit: 'Anlegen und anwenden',
    never: 'Dieser Zeitplan läuft nie (kein passendes Datum in den nächsten fünf Jahren), z. B. 31. Februar.',
    duplicate: 'Derselbe Befehl läuft bereits als dieser Benutzer mit diesem Zeitplan.',
    description: 'Läuft: Um 02:30, Montag bis Freitag',
    nextRunsIn: /Die nächsten Ausführungen in Ihrer Zeitzone \(Europe\/Berlin\)/,
    weekday: /^(Mo|Di|Mi|Do|Fr)\.,/,
    applied: 'Die Änderung wurde übernommen.',
    skipped: 'Für diesen Dienst gibt es hier keine Prüfung.',
    showRuns: (id: number) => `Nächste Ausführungen von Job ${id} anzeigen`,
    lastRun: 'Nicht gemeldet',
    file: 'Cron-Datei auf dem Server',
    writeNow: 'Jetzt auf den Server schreiben',
    rollback: 'Letzte Änderung rückgängig machen',
    confirmRollback: 'Rückgängig machen',
    rolledBack: 'Die vorherige Version wurde wiederhergestellt.',
    delete: (id: number) => `Job ${id} löschen`,
    confirmDelete: 'Löschen',
    language: /Deutsch/,
  },
  en: {
    login: { email: 'E-mail address', password: 'Password', submit: 'Log in', welcome: /Welcome/ },
    section: 'Cron jobs',
    summary: /\d+ jobs, \d+ active/,
    create: 'New cron job',
    schedule: 'Schedule (cron expression)',
    command: 'Command',
    submit: 'Create and apply',
    never: 'This schedule never runs (no matching date within the next five years), e.g. 31 February.',
    duplicate: 'The same command already runs as this user on this schedule.',
    description: 'Runs: At 02:30 AM, Monday through Friday',
    nextRunsIn: /The next runs in your time zone \(Europe\/Berlin\)/,
    weekday: /^(Mon|Tue|Wed|Thu|Fri),/,
    applied: 'The change was applied.',
    skipped: 'This service has no validation step here.',
    showRuns: (id: number) => `Show the next runs of job ${id}`,
    lastRun: 'Not reported',
    file: 'Cron file on the server',
    writeNow: 'Write to server now',
    rollback: 'Undo last change',
    confirmRollback: 'Undo',
    rolledBack: 'The previous version was restored.',
    delete: (id: number) => `Delete job ${id}`,
    confirmDelete: 'Delete',
    language: /English/,
  },
} as const;

type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = texts.de.login;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page.getByLabel(new RegExp(`^${t.password}`)).first().fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  // The user's language is stored with the account: another test may have switched it.
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: texts[lang].language }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].login.welcome })).toBeVisible();
}

/** The cron jobs section of web01 of cluster 20011, opened from the dashboard like a user would. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  // The dashboard's card of this section: how many jobs, the next run.
  await expect(page.getByRole('region', { name: texts[lang].section, exact: true })).toContainText(texts[lang].summary);
  await shot(page, `${lang}-dashboard`);
  await page.getByRole('link', { name: texts[lang].section, exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/cronjobs$/);
  await expect(page.locator('[data-testid^="cronjob-"]').first()).toBeVisible();
}

/** Light and dark screenshots for review (only when CRONSSH_SHOTS names a directory). */
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/cronjobs-${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Waits until the section's running job has finished successfully. */
async function jobSucceeded(page: Page): Promise<void> {
  const progress = page.getByTestId('apply-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
}

/** The demo jobs are not on the server the first time: write them, so a rollback has a version to go back to. */
async function ensureApplied(page: Page, lang: Lang): Promise<void> {
  const t = texts[lang];
  await page.getByRole('button', { name: t.file }).click();
  await expect(page.getByTestId('cron-file')).toBeVisible();
  const writeNow = page.getByRole('button', { name: t.writeNow });
  if (await writeNow.isVisible()) {
    await writeNow.click();
    await jobSucceeded(page);
    await expect(writeNow).toBeHidden();
  }
  await page.getByRole('button', { name: t.file }).click();
}

for (const lang of ['de', 'en'] as const) {
  test(`R2.029 R2.024 cron jobs (${lang}): create with description and next runs, impossible schedule and duplicate refused, apply with progress, the cron file, roll back`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    const command = `php /var/www/shop/current/bin/console e2e:report --lang=${lang} --date=%F`;
    await login(page, lang);
    await openSection(page, lang);
    await expect(page.getByText(t.lastRun).first()).toBeVisible();
    await shot(page, `${lang}-list`);

    await ensureApplied(page, lang);

    // Create: 31 February never comes — the preview says so, and the form refuses to send it.
    await page.getByRole('link', { name: t.create }).first().click();
    await page.getByLabel(t.schedule).fill('0 0 31 2 *');
    await expect(page.getByTestId('schedule-preview')).toContainText(t.never);
    await page.getByRole('textbox', { name: t.command, exact: true }).fill(command);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.locator('#cronjobs-schedule-helper-text')).toHaveText(t.never);
    await shot(page, `${lang}-impossible`);

    // A job that exists already is refused by the server (422), shown under the command.
    await page.getByLabel(t.schedule).fill('* * * * *');
    await page.getByRole('textbox', { name: t.command, exact: true }).fill('cd /var/www/shop/current && php bin/console scheduled-task:run --time-limit=55 --no-interaction');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.locator('#cronjobs-command-helper-text')).toHaveText(t.duplicate);

    // A good one: described in words, the next five runs on weekdays at 02:30 in the user's time zone.
    await page.getByLabel(t.schedule).fill('30 2 * * mon-fri');
    await page.getByRole('textbox', { name: t.command, exact: true }).fill(command);
    await expect(page.getByTestId('schedule-description')).toHaveText(t.description);
    await expect(page.getByTestId('schedule-preview')).toContainText(t.nextRunsIn);
    const runs = page.getByTestId('schedule-next-runs').getByRole('listitem');
    await expect(runs).toHaveCount(5);
    for (const run of await runs.allTextContents()) {
      expect(run).toMatch(t.weekday);
      expect(run).toContain('02:30');
    }
    await shot(page, `${lang}-form`);
    await page.getByRole('button', { name: t.submit }).click();

    // Apply with progress; cron has no check of its own, which is no news to the user (issue 15).
    await expect(page).toHaveURL(/\/managed\/cronjobs\?job=\d+$/);
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.applied);
    await expect(page.getByTestId('apply-progress')).not.toContainText(t.skipped);
    const row = page.locator('[data-testid^="cronjob-"]').filter({ hasText: command });
    await expect(row).toContainText(t.description.split(': ')[1]);
    const id = Number((await row.getAttribute('data-testid'))!.replace('cronjob-', ''));
    await row.getByRole('button', { name: t.showRuns(id) }).click();
    await expect(page.locator(`#cronjob-${id}-runs`).getByRole('listitem')).toHaveCount(5);
    await shot(page, `${lang}-applied`);

    // The file on the server: the weekday names as numbers, % escaped for cron.
    const file = page.getByTestId('cron-file');
    if (!(await file.isVisible())) await page.getByRole('button', { name: t.file }).click();
    await expect(file).toContainText(`30 2 * * 1-5 www-data ${command.replace('%', '\\%')}`);
    await shot(page, `${lang}-file`);

    // Roll back to the version before: the job is gone again, from the list and the file.
    await page.getByRole('button', { name: t.rollback }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirmRollback }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.rolledBack);
    await expect(row).toHaveCount(0);
    await expect(file).not.toContainText(command.replace('%', '\\%'));
  });
}

test('R2.029 cron jobs: deleting a job asks first, then applies', async ({ page }) => {
  test.setTimeout(150_000);
  const t = texts.de;
  await login(page, 'de');
  await openSection(page, 'de');
  await ensureApplied(page, 'de');
  const first = page.locator('[data-testid^="cronjob-"]').first();
  const id = Number((await first.getAttribute('data-testid'))!.replace('cronjob-', ''));
  await page.getByRole('button', { name: t.delete(id) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'de-delete');
  // Escape keeps the job.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`cronjob-${id}`)).toBeVisible();
  await page.getByRole('button', { name: t.delete(id) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirmDelete }).click();
  await jobSucceeded(page);
  await expect(page.getByTestId(`cronjob-${id}`)).toHaveCount(0);
  // … and undo brings it back.
  await page.getByRole('button', { name: t.rollback }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirmRollback }).click();
  await expect(page.getByTestId('apply-progress')).toContainText(t.rolledBack, { timeout: 20_000 });
  await expect(page.getByTestId(`cronjob-${id}`)).toBeVisible();
});
