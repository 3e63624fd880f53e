/**
 * The `elasticsearch` section in the browser (German; the section smoke test opens it in both languages) on the demo
 * database server: a heap beyond its limit refused by the form, a JVM option the rules refuse shown at its field
 * (422), a change saved and applied with progress, the rendered jvm.options file, the cluster panel saying that
 * the engine does not answer (no Elasticsearch runs here), and the change undone.
 */
import { expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, rollBack, sdkText, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

for (const lang of journeyLanguages('de')) {
  test(`elasticsearch (${lang}): heap and JVM options checked, applied, in the file, undone`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang);
    await openSection(page, 'elasticsearch', text(lang, 'title'), { service: 'elasticsearch' });
    await expect(page.getByTestId('search-cluster-unreachable')).toBeVisible();

    const heap = page.getByRole('spinbutton', { name: text(lang, 'settings.heapMb.label') });
    await heap.fill('40000');
    await heap.blur();
    await expect(page.locator('#elasticsearch-heapMb-helper-text')).toHaveText(sdkText(lang, 'config.invalid.maximum', { max: 31744 }));
    await heap.fill('2048');

    const options = page.getByRole('textbox', { name: text(lang, 'settings.jvmOptions.label') });
    await options.fill('-Xmx8g');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await expect(page.locator('#elasticsearch-jvmOptions-helper-text')).toHaveText(sdkText(lang, 'search.errors.jvm_heap_option'));
    await options.fill('-XX:+HeapDumpOnOutOfMemoryError');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    await expect(page.getByLabel('/etc/elasticsearch/jvm.options.d/portal.options', { exact: true })).toContainText('-Xmx2048m');

    await rollBack(page, lang);
    await expect(heap).toHaveValue('1024');
  });
}
