import { test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { guestContext, signInByApi } from '../frontend/e2e/a11y';
test('dbg', async ({ browser }) => {
  const c = await guestContext(browser, 'de', 'light', { width: 1440, height: 900 });
  await signInByApi(c, 'manager@demo.example', 'de', 'light');
  const page = await c.newPage();
  await page.goto('http://localhost:3310/a/profile');
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(1000);
  const r = await new AxeBuilder({ page }).withTags(['wcag2aa','best-practice']).analyze();
  for (const v of r.violations) for (const n of v.nodes) console.log(v.id, n.target.join(' '), n.html.slice(0, 200), '\n  ', n.failureSummary?.slice(0, 300));
  await page.screenshot({ path: '/tmp/profile.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/profile375.png' });
});
