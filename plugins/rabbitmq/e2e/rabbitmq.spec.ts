/**
 * The `rabbitmq` section in the browser (English; every screen is opened in both languages by the accessibility
 * passes) on the demo database server that runs `rabbitmq`: a user created with its password shown once, a
 * permission with a broken pattern refused under its field, then granted and applied with progress, the private node
 * running (its queues listed), and the change undone; in German: an exchange, a policy whose pattern the server
 * refuses under its field and then sets, the exchange deleted after a confirmation.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('en')) {
  test(`rabbitmq (${lang}): a user with its password shown once, a permission refused and granted, the running broker, undo (R2.024)`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, lang);
    await openSection(page, 'rabbitmq', text(lang, 'title'), { service: 'rabbitmq' });

    await page.locator('#rabbitmq-user-name').fill('worker');
    await page.getByRole('button', { name: text(lang, 'users.create') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'users.passwordTitle', { name: 'worker' }) });
    await expect(dialog.getByLabel(text(lang, 'users.passwordLabel'))).toHaveValue(/^[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: text(lang, 'users.close') }).click();
    // The first apply starts the private node (≈ 5 s alone, over 20 s on a loaded machine: failed once in a full run).
    await jobSucceeded(page, { timeout: 60_000 });
    await expect(page.getByTestId('rabbitmq-users')).toContainText('worker');

    await page.locator('#rabbitmq-permission-vhost').click();
    await page.getByRole('option', { name: 'shop' }).click();
    await page.locator('#rabbitmq-permission-user').click();
    await page.getByRole('option', { name: 'worker' }).click();
    await page.locator('#rabbitmq-permission-configure').fill('(');
    await page.getByRole('button', { name: text(lang, 'permissions.create') }).click();
    await expect(page.locator('#rabbitmq-permission-configure-helper-text')).toHaveText(text(lang, 'errors.pattern_invalid'));
    await page.locator('#rabbitmq-permission-configure').fill('^worker\\.');
    await page.getByRole('button', { name: text(lang, 'permissions.create') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('rabbitmq-permissions')).toContainText('^worker\\.');

    // The private node runs: its queues are read from it (none yet).
    await expect(page.getByText(text(lang, 'queues.empty'))).toBeVisible({ timeout: 20_000 });

    await rollBack(page, lang);
    await expect(page.getByTestId('rabbitmq-permissions')).not.toContainText('^worker\\.');
  });
}

for (const lang of journeyLanguages('de')) {
  test(`rabbitmq (${lang}): an exchange, a policy refused for its pattern and set, the exchange deleted after a confirmation (R2.024)`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, lang);
    await openSection(page, 'rabbitmq', text(lang, 'title'), { service: 'rabbitmq' });
    const exchange = `audit-${lang}`;

    await page.locator('#rabbitmq-exchange-vhost').click();
    await page.getByRole('option', { name: 'staging' }).click();
    await page.locator('#rabbitmq-exchange-name').fill(exchange);
    await page.getByRole('button', { name: text(lang, 'exchanges.create') }).click();
    // Starts the private node when this test runs first in its portal (alone, or after a failed test's new worker).
    await jobSucceeded(page, { timeout: 60_000 });
    await expect(page.getByTestId('rabbitmq-exchanges')).toContainText(exchange);

    await page.locator('#rabbitmq-policy-vhost').click();
    await page.getByRole('option', { name: 'staging' }).click();
    await page.locator('#rabbitmq-policy-name').fill(`limit-${lang}`);
    await page.locator('#rabbitmq-policy-pattern').fill('(audit');
    await page.locator('#rabbitmq-policy-max-length').fill('100');
    await page.getByRole('button', { name: text(lang, 'policies.create') }).click();
    await expect(page.locator('#rabbitmq-policy-pattern-helper-text')).toHaveText(text(lang, 'errors.pattern_invalid'));
    await page.locator('#rabbitmq-policy-pattern').fill('^audit\\.');
    await page.getByRole('button', { name: text(lang, 'policies.create') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('rabbitmq-policies')).toContainText('max-length=100');

    await page.getByRole('button', { name: text(lang, 'exchanges.delete', { name: exchange, vhost: 'staging' }) }).click();
    await page.getByRole('dialog', { name: text(lang, 'exchanges.deleteTitle') }).getByRole('button', { name: text(lang, 'exchanges.deleteConfirm') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('rabbitmq-exchanges')).not.toContainText(exchange);
  });
}
