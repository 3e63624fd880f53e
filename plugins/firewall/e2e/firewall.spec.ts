/**
 * The `firewall` section in the browser, in German and English: a rule with an invalid CIDR refused by the server
 * under its field, a valid one applied with progress and kept within the confirm window; the rule set shown and
 * checked by the real `nft -c -f`; a second rule not confirmed comes off again by itself (the portal of this spec
 * has a 15 s window, `MANAGED_CONFIRM_SECONDS`: with 6 s, a loaded machine rolled the second rule back before its row
 * was seen).
 */
import { expect, hasProgram, jobSucceeded, languages, openSection, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const texts = { de, en } as const;

test.use({ portalEnv: { MANAGED_CONFIRM_SECONDS: '15' } });

for (const lang of languages) {
  test(`firewall (${lang}): a rule refused for a bad CIDR, applied and kept, the checked rule set, a rule not confirmed rolls back, the cluster block list`, async ({ page }) => {
    test.skip(!hasProgram('nft') || !hasProgram('unshare'), 'nftables (nft) is not installed');
    test.setTimeout(120_000);
    const t = texts[lang];
    const port = lang === 'de' ? '8181' : '8282';
    await signIn(page, lang);
    await openSection(page, 'firewall', t.title, { service: 'firewall' });
    await expect(page.getByRole('heading', { name: t.presets.title })).toBeVisible();

    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('combobox', { name: t.form.action }).click();
    await page.getByRole('option', { name: t.form.options.action.deny }).click();
    await page.getByRole('textbox', { name: t.form.ports, exact: true }).fill(port);
    await page.getByRole('textbox', { name: t.form.sources, exact: true }).fill('192.0.2.0/24, 10.0.0.0/33');
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page.locator('#firewall-sources-helper-text')).toHaveText(t.errors.sources_format);
    await page.getByRole('textbox', { name: t.form.sources, exact: true }).fill('192.0.2.0/24, 2001:db8::/32');
    await page.getByRole('textbox', { name: t.form.comment, exact: true }).fill(`e2e ${lang}`);
    await shot(page, `firewall-${lang}-form`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await expect(page).toHaveURL(/\/managed\/firewall(\?job=\d+)?$/);
    await jobSucceeded(page);
    await expect(page.getByRole('row').filter({ hasText: `e2e ${lang}` })).toContainText('2001:db8::/32');

    // The confirm window: a countdown and "keep these rules".
    const window = page.getByTestId('firewall-confirm');
    await expect(window.getByRole('button', { name: t.confirm.keep })).toBeVisible({ timeout: 20_000 });
    await shot(page, `firewall-${lang}-confirm`);
    await window.getByRole('button', { name: t.confirm.keep }).click();
    await expect(page.getByTestId('firewall-confirm-outcome')).toHaveText(t.confirm.kept);

    // The cluster's block list: the portal's own address refused, another one blocked on every server.
    const blocked = lang === 'de' ? '198.51.100.1' : '198.51.100.2';
    await page.getByRole('textbox', { name: t.blocklist.addresses }).fill(`${blocked}, 127.0.0.1`);
    await page.getByRole('button', { name: t.blocklist.add }).click();
    await expect(page.locator('#firewall-block-addresses-helper-text')).toHaveText(t.errors.blocklist_lockout);
    await page.getByRole('textbox', { name: t.blocklist.addresses }).fill(blocked);
    await page.getByRole('textbox', { name: t.blocklist.comment }).fill(`scanner ${lang}`);
    await page.getByRole('button', { name: t.blocklist.add }).click();
    const blockTable = page.getByRole('table', { name: t.blocklist.caption });
    await expect(blockTable.getByRole('row').filter({ hasText: blocked })).toContainText(`scanner ${lang}`);
    await shot(page, `firewall-${lang}-blocklist`);

    // The rule set before it is applied, checked by nft -c.
    await page.getByRole('button', { name: t.preview.show }).click();
    await expect(page.getByTestId('firewall-preview-check')).toHaveText(t.preview.passed);
    await expect(page.getByTestId('firewall-preview-ruleset')).toContainText(`ip6 saddr 2001:db8::/32 tcp dport ${port} drop`);
    await expect(page.getByTestId('firewall-preview-ruleset')).toContainText(`ip saddr ${blocked} drop`);

    // A second rule that nobody confirms: back by itself.
    await page.getByRole('link', { name: t.list.create }).first().click();
    await page.getByRole('textbox', { name: t.form.ports, exact: true }).fill(`${port.slice(0, 3)}9`);
    await page.getByRole('textbox', { name: t.form.comment, exact: true }).fill(`unconfirmed ${lang}`);
    await page.getByRole('button', { name: t.form.submitCreate }).click();
    await jobSucceeded(page);
    await expect(page.getByRole('row').filter({ hasText: `unconfirmed ${lang}` })).toBeVisible();
    await expect(window).toBeVisible();
    await expect(page.getByTestId('firewall-confirm-outcome')).toHaveText(t.confirm.rolledBack, { timeout: 45_000 });
    await expect(page.getByRole('row').filter({ hasText: `unconfirmed ${lang}` })).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('row').filter({ hasText: `e2e ${lang}` })).toBeVisible();

    // Unblocked after a confirmation.
    await blockTable.getByRole('button', { name: t.blocklist.unblock.replace('{{address}}', blocked) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.blocklist.unblockConfirm }).click();
    await expect(blockTable.getByRole('row').filter({ hasText: blocked })).toHaveCount(0);
  });
}
