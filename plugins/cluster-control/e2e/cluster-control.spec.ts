/**
 * The `cluster-control` section in the browser (en; E2E_ALL_LANGUAGES=1 adds de): the cluster's servers with their
 * services and state badges, stop asks for confirmation (cancel keeps the service), stopping a database asks twice
 * (the service's name typed, a wrong one refused), the result shown, start again, both actions in the history.
 */
import { expect, journeyLanguages, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;
const fill = (s: string, v: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? '');

for (const lang of journeyLanguages('en')) {
  test(`R2.026 cluster-control (${lang}): services with states, stop with confirmation, a database twice, start, history`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    await signIn(page, lang);
    await openSection(page, 'cluster-control', t.title);
    await expect(page.getByText(t.intro)).toBeVisible();
    const db = page.getByRole('region', { name: /^db01\.c20011/ });
    await expect(db.getByRole('table', { name: /db01\.c20011/ })).toBeVisible();
    const server = (await db.getByRole('heading').first().textContent())!.trim();
    const button = (action: keyof typeof t.action, service: string) =>
      db.getByRole('button', { name: fill(t.actionLabel, { action: t.action[action], service, server }), exact: true });
    const redis = db.getByTestId(`cluster-control-service-${server}-redis`);
    await expect(redis.getByTestId('state')).toHaveText(new RegExp(Object.values(t.state).join('|')));
    await shot(page, `cluster-control-${lang}-services`);

    // Stop asks; cancel keeps the service.
    await button('stop', 'memcached').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(fill(t.confirm.stopTitle, { service: 'memcached' }));
    await dialog.getByRole('button', { name: lang === 'de' ? 'Abbrechen' : 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // A database asks twice: the second time its name must be typed.
    await button('stop', 'redis').click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirm.stop }).click();
    const second = page.getByRole('dialog', { name: fill(t.confirm.databaseTitle, { service: 'redis' }) });
    await expect(second).toBeVisible();
    await second.getByRole('textbox', { name: t.confirm.databaseLabel }).fill('mysql');
    await second.getByRole('button', { name: t.confirm.stop }).click();
    await expect(second).toContainText(fill(t.confirm.databaseMismatch, { service: 'redis' }));
    await second.getByRole('textbox', { name: t.confirm.databaseLabel }).fill('redis');
    await shot(page, `cluster-control-${lang}-database`);
    await second.getByRole('button', { name: t.confirm.stop }).click();
    await expect(second).toHaveCount(0);
    const result = page.getByTestId('cluster-control-result');
    await expect(result).toContainText(fill(t.result.succeeded, { action: t.action.stop, service: `redis (${server})` }));
    await expect(redis.getByTestId('state')).toHaveText(t.state.stopped);

    // Start: the configuration is tested first; the result (done, or refused with the program's output) is shown.
    await button('start', 'redis').click();
    await expect(result).toContainText(t.action.start);
    const history = page.getByTestId('cluster-control-history');
    await expect(history.getByRole('row').filter({ hasText: 'redis' }).filter({ hasText: t.action.stop }).first()).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'redis' }).filter({ hasText: t.action.start }).first()).toBeVisible();
    await shot(page, `cluster-control-${lang}-history`);
  });
}
