/**
 * The `mysql` section in the browser (one language, `journeyLanguages('de')`; the accessibility passes open it in
 * both), on the demo database server: a setting outside its limits refused by the form, a change saved, checked by
 * mariadbd and applied (the private MariaDB starts with it), a database and a user created — the user's password
 * shown once in a dialog and nowhere after it is closed — the user's grants changed after a diff, and the
 * settings change undone.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`R2.024 mysql (${lang}): settings checked and applied, a database and a user with its password shown once, grants as a diff, undo`, async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, lang);
    await openSection(page, 'mysql', text(lang, 'title'), { service: 'mysql' });

    const connections = page.getByRole('spinbutton', { name: text(lang, 'settings.maxConnections.label') });
    await connections.fill('5');
    await connections.blur();
    await expect(page.locator('#mysql-maxConnections-helper-text')).toHaveText(sdkText(lang, 'config.invalid.minimum', { min: 10 }));
    await connections.fill('250');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);
    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/mysql/mariadb.conf.d/60-portal.cnf', { exact: true })).toContainText('max_connections = 250');

    // A database: created on the running server, its size reported.
    const databases = page.getByRole('region', { name: text(lang, 'databases.title') });
    await databases.getByRole('textbox', { name: text(lang, 'databases.name') }).fill('shop_reports');
    await databases.getByRole('button', { name: text(lang, 'databases.create') }).click();
    await jobSucceeded(page);
    const dbRow = page.getByTestId('mysql-databases').getByRole('row', { name: /shop_reports/ });
    await expect(dbRow).toContainText('utf8mb4_unicode_ci');
    await expect(dbRow).not.toContainText(text(lang, 'databases.unknownSize'));

    // A user with access to it: the password is shown once.
    const users = page.getByRole('region', { name: text(lang, 'users.title') });
    await users.getByRole('textbox', { name: text(lang, 'users.name') }).fill('reporting');
    await users.getByRole('checkbox', { name: 'shop_reports' }).check();
    await users.getByRole('button', { name: text(lang, 'users.create') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'password.title', { name: 'reporting' }) });
    await expect(dialog).toContainText(text(lang, 'password.text'));
    const password = await dialog.getByRole('textbox', { name: text(lang, 'password.label') }).inputValue();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: text(lang, 'password.done') }).click();
    await expect(dialog).toBeHidden();
    await jobSucceeded(page);
    const userRow = page.getByTestId('mysql-users').getByRole('row', { name: /reporting/ });
    await expect(userRow).toContainText('ed25519');
    await expect(userRow).toContainText('shop_reports');
    await expect(page.getByText(password)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('mysql-users').getByRole('row', { name: /reporting/ })).toBeVisible();
    expect(await page.content()).not.toContain(password);

    // Its databases: the change is shown as a diff before it is applied.
    await page.getByRole('button', { name: text(lang, 'users.grants', { name: 'reporting' }) }).click();
    const grants = page.getByRole('dialog', { name: text(lang, 'grants.title', { name: 'reporting' }) });
    await grants.getByRole('checkbox', { name: 'shop', exact: true }).check();
    await grants.getByRole('checkbox', { name: 'shop_reports' }).uncheck();
    await expect(grants.getByTestId('mysql-grants-diff')).toContainText(text(lang, 'grants.granted', { db: 'shop' }));
    await expect(grants.getByTestId('mysql-grants-diff')).toContainText(text(lang, 'grants.revoked', { db: 'shop_reports' }));
    await grants.getByRole('button', { name: text(lang, 'grants.apply') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('mysql-users').getByRole('row', { name: /reporting/ })).toContainText(/shop(?!_)/);

    // Undo the last change (the grants): the user has its database again.
    await rollBack(page, lang);
    await expect(page.getByTestId('mysql-users').getByRole('row', { name: /reporting/ })).toContainText('shop_reports');
  });
}
