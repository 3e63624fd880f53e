/**
 * The `tomcat` section in the browser, in German and English, on a demo server that runs `tomcat`:
 * a value outside its limits refused by the form, a change saved and applied with progress, the rendered
 * file showing it, and the change undone. Helpers and texts are the SDK's (`@portal/plugin-sdk/testing/e2e`).
 */
import {
  expect,
  jobSucceeded,
  journeyLanguages,
  openSection,
  pluginTexts,
  rollBack,
  sdkText,
  sdkTexts,
  signIn,
  test,
} from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`tomcat (${lang}): change a setting, see it in the file, undo it`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'tomcat', text(lang, 'title'), { service: 'tomcat' });

    const maxClients = page.getByRole('spinbutton', { name: text(lang, 'settings.maxClients.label') });
    await maxClients.fill('0');
    await maxClients.blur();
    await expect(page.locator('#tomcat-maxClients-helper-text')).toHaveText(sdkText(lang, 'config.invalid.minimum', { min: 1 }));
    await maxClients.fill(lang === 'de' ? '42' : '43');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/portal/tomcat.conf', { exact: true })).toContainText(`maxclients ${lang === 'de' ? 42 : 43}`);

    await rollBack(page, lang);
    await expect(maxClients).toHaveValue('1000');
  });
}
