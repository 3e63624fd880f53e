/**
 * The `postfix` section in the browser (German; `E2E_ALL_LANGUAGES=1` adds English), on the demo server that runs
 * `postfix`: a size limit outside its range refused by the form, the relay host and size limit saved and applied with
 * progress (checked by postconf/postfix check, the private Postfix reloaded), the rendered settings showing them, a
 * message handed to that Postfix's sendmail listed in the queue and deleted after the confirmation, the change undone.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  expect,
  hasProgram,
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
  test(`postfix (${lang}): size limit refused, relay host applied, a queued message deleted, undone`, async ({ page, portal }) => {
    test.skip(!(await hasProgram('postfix')), 'postfix is not installed');
    test.setTimeout(150_000);
    await signIn(page, lang);
    await openSection(page, 'postfix', text(lang, 'title'), { service: 'postfix' });
    const serverId = /servers\/(\d+)\/managed/.exec(page.url())![1];

    const size = page.getByRole('spinbutton', { name: text(lang, 'settings.messageSizeLimitMb.label') });
    await size.fill('0');
    await size.blur();
    await expect(page.locator('#postfix-messageSizeLimitMb-helper-text')).toHaveText(sdkText(lang, 'config.invalid.minimum', { min: 1 }));
    await size.fill('20');
    await page.getByRole('textbox', { name: text(lang, 'settings.relayHost.label') }).fill('127.0.0.1');
    await page.getByRole('spinbutton', { name: text(lang, 'settings.relayPort.label') }).fill('9');
    await page.getByRole('button', { name: sdkText(lang, 'config.save') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);

    await page.getByRole('button', { name: sdkText(lang, 'config.files') }).click();
    const file = page.getByLabel('/etc/postfix/portal-mta/main.cf', { exact: true });
    await expect(file).toContainText('relayhost = [127.0.0.1]:9');
    await expect(file).toContainText(`message_size_limit = ${20 * 1024 * 1024}`);

    // A message handed to the private Postfix (its sendmail, its configuration in the portal's sandbox of the server).
    const sandbox = path.resolve(`data/e2e-${new URL(portal).port}/servers/${serverId}`);
    execFileSync('sendmail', ['-C', `${sandbox}/etc/postfix`, '-f', 'shop@web01.example', 'kunde@outside.example'], {
      input: 'Subject: e2e\n\nqueued\n',
    });
    const queue = page.getByTestId('postfix-queue');
    await expect(async () => {
      await page.getByRole('button', { name: text(lang, 'queue.refresh') }).click();
      await expect(queue).toContainText('kunde@outside.example', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const id = (await queue.locator('code').first().textContent())!;
    await page.getByRole('button', { name: text(lang, 'queue.delete', { id }) }).click();
    await expect(page.getByRole('dialog')).toContainText(text(lang, 'queue.deleteText', { id }));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(lang, 'queue.deleteLabel') })
      .click();
    await expect(page.getByText(text(lang, 'queue.deleted', { count: 1 }))).toBeVisible();
    await expect(page.getByText(text(lang, 'queue.empty'))).toBeVisible();

    await rollBack(page, lang);
    await expect(size).toHaveValue('10');
  });
}
