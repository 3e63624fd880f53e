/**
 * The `backups` section in the browser (one language, en): a new plan through the form (a bad document root
 * refused, the retention's price shown in the cost preview), "back up now" with its progress over socket.io, and
 * the snapshot in the list with its size — real restic on the portal's sandbox of web01.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, hasProgram, journeyLanguages, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

/** Puts a document root with real files into the sandbox of the server the page shows (data/e2e-<port>/servers/<id>). */
function documentRoot(url: string, baseURL: string, name: string): void {
  const serverId = /\/servers\/(\d+)\//.exec(url)![1]!;
  const root = path.resolve(`data/e2e-${new URL(baseURL).port}/servers/${serverId}/var/www/${name}`);
  fs.mkdirSync(path.join(root, 'img'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>e2e</h1>\n');
  fs.writeFileSync(path.join(root, 'img/logo.svg'), '<svg/>\n');
}

for (const lang of journeyLanguages('en')) {
  test(`R2.026 R9.021 backups (${lang}): create a plan (price beyond 10 days), back up now with progress, see the snapshot`, async ({ page, baseURL }) => {
    test.skip(!hasProgram('restic'), 'restic is not installed');
    test.setTimeout(150_000);
    const t = texts[lang];
    const name = `e2e-${Date.now() % 100000}`;
    await signIn(page, lang);
    await openSection(page, 'backups', t.title);
    await expect(page.getByRole('cell', { name: 'shop', exact: true })).toBeVisible(); // the demo plan
    documentRoot(page.url(), baseURL!, name);

    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.name, exact: true }).fill(name);
    await page.getByRole('textbox', { name: t.form.path, exact: true }).fill('/etc/passwd');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#backups-path-helper-text')).toHaveText(t.errors.path_format);
    await page.getByRole('textbox', { name: t.form.path, exact: true }).fill(`/var/www/${name}`);
    await expect(page.getByTestId('backups-cost')).toContainText('10');
    await page.getByRole('combobox', { name: t.form.keepDays }).click();
    await page.getByRole('option', { name: '30', exact: true }).click();
    await expect(page.getByTestId('backups-cost')).toContainText('€'); // 20 priced days
    await shot(page, `backups-${lang}-form`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/backups(\?job=\d+)?$/);
    await expect(page.getByTestId('apply-progress')).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(t.list.days_other.replace('{{count}}', '30'));
    await row.getByRole('button', { name: t.list.backupNow.replace('{{name}}', name) }).click();
    const run = page.locator('[data-testid^="backups-run-"]').filter({ hasText: name });
    await expect(run).toBeVisible();
    await expect(run).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });

    const snapshots = page.getByTestId('backups-snapshots');
    const snapshot = snapshots.getByRole('row').filter({ hasText: name });
    await expect(snapshot).toBeVisible({ timeout: 20_000 });
    await expect(snapshot).toContainText(/\d+[.,]\d{2} B/); // the size restic reported
    await expect(snapshot.getByRole('cell').nth(3)).toHaveText('2'); // files
    await shot(page, `backups-${lang}-snapshot`);
  });
}
