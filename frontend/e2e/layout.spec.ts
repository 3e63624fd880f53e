/**
 * Layout at the widths users have (issue 31, finding 10): a common laptop (1366 px) shows the whole cluster table
 * on the dashboard, and a phone (375 px) shows the Managed Center's dashboard without sideways scrolling — in German
 * and English. Screenshots go to test-results/ for a look.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalScroll } from './a11y';
import { login, users } from './helpers';

/** Widths wider than the viewport: the page itself, and every scroll container of the main area (a table cut off on the right). */
async function overflow(page: Page): Promise<{ page: number; viewport: number; cut: string[] }> {
  return page.evaluate(() => {
    const cut = [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .map((e) => `${e.className.toString().split(' ')[0] || e.tagName} ${e.scrollWidth}>${e.clientWidth}`);
    return { page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth, cut };
  });
}

/** The signed-in user's stored language wins over the browser's at sign-in: switch in the top bar. */
async function inLanguage(page: Page, lang: 'de' | 'en'): Promise<void> {
  if (lang === 'en') await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? /Welcome/ : /Willkommen/ })).toBeVisible();
  // The stored settings arrive after the switch's own request: still the chosen language a moment later.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? /Welcome/ : /Willkommen/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['de', 'en'] as const) {
  test(`R2.010 (${lang}) at 1366 px the dashboard shows the whole cluster table, nothing cut off on the right`, async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, users.manager);
    await inLanguage(page, lang);
    await expect(page.locator('tr[data-cluster="20011"]')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`dashboard-1366-${lang}.png`), fullPage: true });
    const o = await overflow(page);
    expect(o.page).toBeLessThanOrEqual(o.viewport);
    expect(o.cut).toEqual([]);
    // The last column (the Managed Center) lies inside the viewport.
    const managed = (await page.locator('tr[data-cluster="20011"] td').last().boundingBox())!;
    expect(managed.x + managed.width).toBeLessThanOrEqual(1366);
  });

  test(`R2.024 (${lang}) at 375 px the Managed Center dashboard of every server does not scroll sideways`, async ({ page }, info) => {
    await login(page, users.admin);
    await inLanguage(page, lang);
    await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
    // The servers, once loaded (a disabled "loading" item comes first).
    const items = page.locator('a[role="menuitem"][data-server]');
    await expect(items.first()).toBeVisible();
    const paths = await items.evaluateAll((links) => links.map((l) => new URL((l as HTMLAnchorElement).href).pathname));
    expect(paths.length).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByTestId('managed-title')).toBeVisible();
      await expect(page.getByTestId('managed-server-card')).toBeVisible();
      await expect(page.getByTestId('managed-metrics')).toBeVisible();
      // The plugins' dashboard cards arrive as chunks of their own.
      await page.waitForTimeout(2000);
      const name = (await page.getByTestId('managed-title').textContent())!.split('.')[0];
      await page.screenshot({ path: info.outputPath(`managed-dashboard-375-${name}-${lang}.png`), fullPage: true });
      // Soft, so every server is checked; the message names the elements that reach past the edge.
      await expectNoHorizontalScroll(page, `${name} (${lang}) at 375 px`);
    }
  });
}
