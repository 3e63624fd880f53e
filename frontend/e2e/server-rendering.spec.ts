/**
 * Server-rendered first screens (issue 29): the BFF renders a route with its data, so a browser without JavaScript
 * reads the page; with JavaScript the same page hydrates without a console error or hydration warning and without
 * asking the API again for what it shows; two users' pages rendered at the same time never mix.
 */
import { type Browser, type BrowserContext, type ConsoleMessage } from '@playwright/test';
import { csrfHeaders, signInByApi } from './a11y';
import { expect, test } from './fixtures';
import { users } from './helpers';

interface RouteCase {
  path: string;
  heading: RegExp;
  /** What the page shows of the manager's (Müller & Schmidt, 10001) data. */
  data: RegExp;
  /** The request the page's data comes from: the browser must not ask it again after hydrating. */
  dataRequest: RegExp;
}

// The server rendering is switched on for this file's portal only (it is off by default, docs/decisions.md).
test.use({ portalEnv: { SERVER_RENDERING: '1' } });

const routes: RouteCase[] = [
  { path: '/a/', heading: /Willkommen, Anna Berger/, data: /Onlineshop Produktion/, dataRequest: /\/api\/v1\/clusters\b/ },
  { path: '/a/invoices', heading: /^Rechnungen/, data: /RE202611-10001/, dataRequest: /\/api\/v1\/invoices\b/ },
  { path: '/a/contracts', heading: /^Verträge/, data: /mueller-schmidt\.de/, dataRequest: /\/api\/v1\/contracts\b/ },
];

/** Each user's session, signed in once per portal (sign-ins per account are rate-limited). */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** A browser context signed in through the API (German, light), with or without JavaScript. */
async function signedIn(browser: Browser, baseURL: string, email: string, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'de-DE', storageState: sessions.get(email) });
  if (!sessions.has(email)) {
    await signInByApi(context, email, 'de', 'light');
    sessions.set(email, await context.storageState());
  }
  return context;
}

async function settings(context: BrowserContext, language: 'de' | 'en', theme: 'light' | 'dark'): Promise<void> {
  const res = await context.request.patch('/api/v1/me/settings', {
    data: { language, forcedMode: true, darkMode: theme === 'dark' },
    headers: await csrfHeaders(context),
  });
  expect(res.status()).toBe(200);
}

for (const route of routes) {
  test(`R2.010 ${route.path} without JavaScript shows its heading and the customer's data (server-rendered)`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedIn(browser, baseURL!, users.manager, false);
    const page = await context.newPage();
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(page.getByText(route.data).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test(`R2.010 ${route.path} with JavaScript hydrates the server's page: no console error, no hydration warning, no second data request`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedIn(browser, baseURL!, users.manager, true);
    const page = await context.newPage();
    const problems: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
    };
    page.on('console', onConsole);
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (route.dataRequest.test(new URL(r.url()).pathname)) asked.push(r.url());
    });
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    // Hydrated once the user menu (a React handler) opens; a click before that does nothing.
    await expect(async () => {
      await page.getByRole('button', { name: /Benutzermenü öffnen/ }).click();
      await expect(page.getByRole('menu')).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.keyboard.press('Escape');
    // Time for a late warning or request (the idle work after the load event).
    await page.waitForTimeout(1500);
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
    await context.close();
  });
}

/** What only the manager's (customer 10001) and only the other user's (customer 10003) pages hold, page and payload. */
const own = {
  '/a/': { manager: 'Müller &amp; Schmidt', other: 'Bäckerei Sonnenschein' },
  '/a/invoices': { manager: 'RE202611-10001', other: 'RE202611-10003' },
  '/a/contracts': { manager: 'mueller-schmidt.de', other: 'baeckerei-sonnenschein.de' },
};

test('R2.010 two users whose pages are rendered at the same time each see only their own customer', async ({ browser, baseURL }) => {
  const [manager, other] = await Promise.all([
    signedIn(browser, baseURL!, users.manager, false),
    signedIn(browser, baseURL!, users.other, false),
  ]);
  const [managerPage, otherPage] = await Promise.all([manager.newPage(), other.newPage()]);
  for (let round = 0; round < 3; round++) {
    for (const [path, marker] of Object.entries(own)) {
      const [a, b] = await Promise.all([managerPage.request.get(path), otherPage.request.get(path)]);
      const [mine, theirs] = await Promise.all([a.text(), b.text()]);
      expect(mine).toContain(marker.manager);
      expect(mine).not.toContain(marker.other);
      expect(theirs).toContain(marker.other);
      expect(theirs).not.toContain(marker.manager);
    }
  }
  await managerPage.goto('/a/');
  await expect(managerPage.getByRole('heading', { level: 1, name: /Willkommen, Anna Berger/ })).toBeVisible();
  await otherPage.goto('/a/');
  await expect(otherPage.getByRole('heading', { level: 1, name: /Willkommen, Lukas Fischer/ })).toBeVisible();
  await Promise.all([manager.close(), other.close()]);
});

test('R2.010 an English user in dark mode gets an English, dark first HTML (no flash of the wrong theme)', async ({ browser, baseURL }) => {
  const context = await signedIn(browser, baseURL!, users.manager, false);
  await settings(context, 'en', 'dark');
  const page = await context.newPage();
  await page.goto('/a/invoices');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: /^Invoices/ })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 20, 25)');
  // Back to German and light for the other tests of this portal.
  await settings(context, 'de', 'light');
  await context.close();
});
