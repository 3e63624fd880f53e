/**
 * Notification centre (issue 13): the bell's badge (9+ above nine), reading by scrolling into view and by
 * "mark all read", and a failed apply that raises the count live in another tab — in German and English.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { password } from './helpers';

const texts = {
  de: { bell: /^Benachrichtigungen/, centre: 'Benachrichtigungen', markAll: 'Alle als gelesen markieren', failed: /fehlgeschlagen \(ungelesen\)/, welcome: /Willkommen/ },
  en: { bell: /^Notifications/, centre: 'Notifications', markAll: 'Mark all as read', failed: /failed \(unread\)/, welcome: /Welcome/ },
} as const;
type Lang = keyof typeof texts;

/** Signs in (the login page is German) and switches the language; the second tab shares the session. */
async function login(page: Page, email: string, lang: Lang): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel(/^Passwort/).first().fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen/ })).toBeVisible();
  if (lang === 'en') {
    await page.getByRole('button', { name: 'Sprache wechseln: English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  }
}

/** The ids of web01 of cluster 20011, read from the Managed Center's address after opening it from the dashboard. */
async function shopServer(page: Page): Promise<{ clusterId: number; serverId: number }> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  const [, clusterId, serverId] = /clusters\/(\d+)\/servers\/(\d+)/.exec(page.url())!;
  return { clusterId: Number(clusterId), serverId: Number(serverId) };
}

/**
 * A real apply that fails: a domain whose upstream host does not resolve makes `nginx -t` fail on the
 * (local) server, the job ends failed and the last applied version is restored.
 */
async function failApply(context: BrowserContext, base: string, server: { clusterId: number; serverId: number }, name: string): Promise<void> {
  const csrf = (await context.cookies()).find((c) => c.name === 'portal_csrf')!.value;
  const headers = { 'X-CSRF-Token': csrf };
  const root = `${base}/api/v1/clusters/${server.clusterId}/servers/${server.serverId}/nginx`;
  const created = await context.request.post(`${root}/vhosts`, {
    headers,
    data: { serverNames: [name], documentRoot: 'broken/public', backend: 'upstream', upstream: 'no-such-upstream.invalid:8080' },
  });
  expect(created.status()).toBe(201);
  const applied = await context.request.post(`${root}/apply`, { headers });
  expect(applied.status()).toBe(202);
}

const badge = (page: Page) => page.getByTestId('notification-badge').locator('.MuiBadge-badge');

test.describe.configure({ mode: 'serial' });

for (const [lang, email] of [
  ['de', 'admin@demo.example'],
  ['en', 'manager@demo.example'],
] as const) {
  test(`R2.038 R2.103 R4.006 R4.007 R9.005 notification centre (${lang}): 9+ with ten or more unread, read by scrolling into view, mark all read, a failed apply counts up live in another tab`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    await login(page, email, lang);
    // The ten built-in notices and the sign-in from this (unknown) browser: more than nine.
    await expect(badge(page)).toHaveText('9+');

    await page.getByRole('button', { name: t.bell }).click();
    const centre = page.getByRole('dialog', { name: t.centre });
    await expect(centre).toBeVisible();
    const list = centre.getByTestId('notification-list');
    // The oldest built-in notice (0, no link) is below the fold: unread until scrolled into view.
    const oldest = centre.locator('[data-notice-id="0"]');
    await expect(oldest).toHaveAttribute('data-read', 'unread');
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(oldest).toHaveAttribute('data-read', 'read');
    // A notice with a link is not read by being seen (§4).
    await expect(centre.locator('[data-notice-id="8"]')).toHaveAttribute('data-read', 'unread');

    await centre.getByRole('button', { name: t.markAll }).click();
    await expect(centre.locator('[data-read="unread"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(badge(page)).toBeHidden();

    // The same user in another tab: a failed apply there raises this tab's count at once.
    const server = await shopServer(page);
    const other = await context.newPage();
    await other.goto('/a/');
    await expect(other.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
    await failApply(context, baseURL!, server, `broken-${lang}.mueller-schmidt-shop.example`);
    await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
    await expect(badge(other)).toHaveText('1');
    await page.getByRole('button', { name: t.bell }).click();
    await expect(centre.getByRole('link', { name: t.failed })).toBeVisible();
  });
}
