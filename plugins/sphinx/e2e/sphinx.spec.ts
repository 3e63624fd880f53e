/**
 * The `sphinx` section in the browser (one language, `journeyLanguages('en')`), on the demo database server: a
 * setting outside its limits refused by the form, a change saved and applied with progress (indexer's check,
 * searchd started with the demo's real-time indexes), a real-time index added and deleted after the confirmation,
 * and the change undone. Helpers and texts are the SDK's (`@portal/plugin-sdk/testing/e2e`).
 */
import {
  expect,
  jobSucceeded,
  journeyLanguages,
  openSection,
  pluginTexts,
  rollBack,
  sdkText,
  signIn,
  test,
} from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('en')) {
  test(`sphinx (${lang}): a setting applied, an index added and deleted, the change undone`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'sphinx', text(lang, 'title'), { service: 'sphinx' });

    const timeout = page.getByRole('spinbutton', { name: text(lang, 'settings.readTimeoutSeconds.label') });
    await timeout.fill('0');
    await timeout.blur();
    await expect(page.locator('#sphinx-readTimeoutSeconds-helper-text')).toHaveText(sdkText(lang, 'config.invalid.minimum', { min: 1 }));
    await timeout.fill('9');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    const indexes = page.getByTestId('sphinx-indexes');
    await expect(indexes).toContainText('live');
    const form = page.getByRole('form', { name: text(lang, 'indexes.create') });
    await form.getByLabel(text(lang, 'indexes.name')).fill('notes');
    await form.getByRole('combobox', { name: text(lang, 'indexes.type') }).click();
    await page.getByRole('option', { name: text(lang, 'indexes.types.rt') }).click();
    await form.getByLabel(text(lang, 'indexes.fields')).fill('title, body');
    await form.getByRole('button', { name: text(lang, 'indexes.submit') }).click();
    await jobSucceeded(page);
    await expect(indexes).toContainText('notes');

    await page.getByRole('button', { name: text(lang, 'indexes.deleteNamed', { name: 'notes' }) }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'indexes.deleteTitle') });
    await dialog.getByRole('button', { name: text(lang, 'indexes.delete') }).click();
    await jobSucceeded(page);
    await expect(indexes).not.toContainText('notes');

    await rollBack(page, lang);
    await expect(indexes).toContainText('notes');
  });
}
