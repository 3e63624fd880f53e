/**
 * The `profiler` section in the browser (one language, de): a sampling period outside its limits refused by the form,
 * the demo state applied (the snippet checked by the real php), a PHP script written into the sandbox of the server
 * profiled twice under Excimer ("Jetzt profilieren", progress until done), the first profile as a flame graph naming
 * the script's functions, and the second compared with it function by function.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureApplied,
  expect,
  hasProgram,
  journeyLanguages,
  openSection,
  pluginTexts,
  sdkText,
  shot,
  signIn,
  test,
} from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

const script = `<?php
function shop_price_rules(int $n): float { $s = 0.0; for ($i = 0; $i < $n; $i++) { $s += sqrt($i) * 1.19; } return $s; }
function shop_render_cart(int $n): string { $out = ''; for ($i = 0; $i < $n; $i++) { $out .= md5('item' . $i); } return $out; }
function shop_checkout(int $rules): void { shop_price_rules($rules); echo strlen(shop_render_cart(40000)), "\\n"; }
shop_checkout((int) ($_GET['rules'] ?? 1000000));
`;

/** Puts the shop's script into the sandbox of the server the page shows (data/e2e-<port>/servers/<id>). */
function writeScript(url: string, baseURL: string): void {
  const serverId = /\/servers\/(\d+)\//.exec(url)![1]!;
  const root = path.resolve(`data/e2e-${new URL(baseURL).port}/servers/${serverId}/var/www/shop/public`);
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'checkout.php'), script);
}

for (const lang of journeyLanguages('de')) {
  test(`profiler (${lang}): a bad period refused, a script profiled twice, the flame graph and the comparison`, async ({
    page,
    baseURL,
  }) => {
    test.skip(!hasProgram('php'), 'php is not installed');
    test.setTimeout(180_000);
    await signIn(page, lang);
    await openSection(page, 'profiler', text(lang, 'title'), { service: 'profiler' });
    await expect(page.getByTestId('profiler-sites')).toContainText('shop.example.com'); // the demo site
    writeScript(page.url(), baseURL!);

    await page.locator('#profiler-host').fill('blog.example.com');
    await page.locator('#profiler-period').fill('0');
    await expect(page.getByText('1 – 1000')).toBeVisible();
    await expect(page.getByRole('button', { name: text(lang, 'sites.add') })).toBeDisabled();

    await ensureApplied(page, lang, sdkText(lang, 'config.files'));

    const runs = page.getByTestId('profiler-runs');
    for (const rules of ['3000000', '100000']) {
      await page.locator('#profiler-run-script').fill('checkout.php');
      await page.locator('#profiler-run-uri').fill(`/checkout?rules=${rules}`);
      await page.getByRole('button', { name: text(lang, 'run.start') }).click();
      const row = runs.getByRole('row').filter({ hasText: `rules=${rules}` });
      await expect(row).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
      await expect(row).toContainText(text(lang, 'run.statuses.succeeded'));
    }

    const profiles = page.getByTestId('profiler-profiles');
    const first = profiles.getByRole('row').filter({ hasText: 'rules=3000000' });
    await expect(first).toContainText({ de, en }[lang].profiles.versionValue.replace('{{version}}', ''));
    await first.getByRole('button', { name: new RegExp(`${{ de, en }[lang].profiles.showLabel.split('}}')[1]!.trim()}$`) }).click();
    const flame = page.getByTestId('profiler-flame');
    await expect(flame).toBeVisible();
    await expect(flame.locator('[data-frame="shop_checkout"]')).toBeVisible();
    await expect(flame.locator('[data-frame="shop_price_rules"]')).toBeVisible();
    await expect(page.getByTestId('profiler-profile')).toContainText({ de, en }[lang].flame.liveVersion.split('{{')[0]!);
    await shot(page, `profiler-${lang}-flame`);

    await profiles
      .getByRole('row')
      .filter({ hasText: 'rules=100000' })
      .getByRole('button', { name: new RegExp(`${{ de, en }[lang].profiles.compareLabel.split('}}')[1]!.trim()}$`) })
      .click();
    const diff = page.getByTestId('profiler-diff');
    const rules = diff.getByRole('row').filter({ hasText: 'shop_price_rules' });
    await expect(rules).toBeVisible();
    await expect(rules.getByRole('cell').nth(3)).toContainText('-');
    await shot(page, `profiler-${lang}-diff`);
  });
}
