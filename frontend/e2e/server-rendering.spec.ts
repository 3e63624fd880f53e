/**
 * Server-rendered first screens (issue 29): the BFF renders a route with its data, so a browser without JavaScript
 * reads the page; with JavaScript the same page hydrates without a console error or hydration warning and without
 * asking the API again for what it shows; two users' pages rendered at the same time never mix.
 */
import { type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { csrfHeaders, signInByApi } from './a11y';
import { expect, test } from './fixtures';
import { users } from './helpers';
import { linkPathIn, mailTo } from './mailbox';

interface RouteCase {
  /** The route, or how to find it as the signed-in manager (a customer's id). */
  path: string | ((context: BrowserContext) => Promise<string>);
  title: string;
  heading: RegExp;
  /** What the page shows of the manager's (Müller & Schmidt, 10001) data. */
  data: RegExp | ((page: Page) => Locator);
  /** The request the page's data comes from: the browser must not ask it again after hydrating. */
  dataRequest: RegExp;
}

// The server rendering is switched on for this file's portal only (it is off by default, docs/decisions.md).
test.use({ portalEnv: { SERVER_RENDERING: '1' } });

/** The customer dashboard of Müller & Schmidt (10001): its id is the database's. */
async function customerDashboard(context: BrowserContext): Promise<string> {
  const body = (await (await context.request.get('/api/v1/customers')).json()) as { id: number; number: number }[] | { data: { id: number; number: number }[] };
  const customer = (Array.isArray(body) ? body : body.data).find((c) => c.number === 10001);
  return `/a/customers/${customer!.id}/edit`;
}

const routes: RouteCase[] = [
  { path: '/a/', title: '/a/', heading: /Willkommen, Anna Berger/, data: /Onlineshop Produktion/, dataRequest: /\/api\/v1\/clusters\b/ },
  { path: '/a/invoices', title: '/a/invoices', heading: /^Rechnungen/, data: /RE202611-10001/, dataRequest: /\/api\/v1\/invoices\b/ },
  { path: '/a/contracts', title: '/a/contracts', heading: /^Verträge/, data: /mueller-schmidt\.de/, dataRequest: /\/api\/v1\/contracts\b/ },
  {
    path: '/a/profile',
    title: '/a/profile',
    heading: /^Persönliche Daten/,
    data: (page) => page.locator('input[value="manager@demo.example"]'),
    dataRequest: /\/api\/v1\/profile$/,
  },
  {
    path: customerDashboard,
    title: 'the customer dashboard',
    heading: /Müller & Schmidt/,
    data: /H10001-1/,
    dataRequest: /\/api\/v1\/customers\/\d+$/,
  },
];

const pathOf = (route: RouteCase, context: BrowserContext) => (typeof route.path === 'string' ? route.path : route.path(context));
const dataOf = (route: RouteCase, page: Page) => (typeof route.data === 'function' ? route.data(page) : page.getByText(route.data).first());

/** Each user's session, signed in once per portal (sign-ins per account are rate-limited). */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

/** A browser context signed in through the API (German, light), with or without JavaScript. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  javaScriptEnabled: boolean,
  viewport = { width: 1280, height: 720 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'de-DE', viewport, storageState: sessions.get(email) });
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
  test(`R2.010 ${route.title} without JavaScript shows its heading and the customer's data (server-rendered)`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedIn(browser, baseURL!, users.manager, false);
    const page = await context.newPage();
    const response = await page.goto(await pathOf(route, context));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(dataOf(route, page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test(`R2.010 ${route.title} with JavaScript hydrates the server's page: no console error, no hydration warning, no second data request`, async ({
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
    await page.goto(await pathOf(route, context));
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(dataOf(route, page)).toBeVisible();
    // The web app marks the hydrated page (what every spec's actions wait for, plugins/sdk/testing/hydration.ts).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
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

/** Console errors, hydration warnings and uncaught errors of a page. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

// "My data" shows its sections as tabs on a narrow screen and as a side navigation from 900 px (ProfileLayout):
// the server guesses the width (the one measured on the browser's last page, before that `Sec-CH-UA-Mobile`) and
// the browser hydrates with that guess, then follows its window — no hydration mismatch either way.
for (const [width, vertical] of [
  [375, false],
  [1280, true],
] as const) {
  test(`R2.010 /a/profile at ${width} px hydrates without a hydration warning; the server renders the width's layout once it knows it`, async ({
    browser,
    baseURL,
  }) => {
    const context = await signedIn(browser, baseURL!, users.manager, true, { width, height: 800 });
    const tablist = (html: string) => /<[^>]*role="tablist"[^>]*>/.exec(html)?.[0].includes('aria-orientation="vertical"');
    // A first page without a measured width: a phone (by its client hint) gets the tabs, a desktop browser the side navigation.
    expect(tablist(await (await context.request.get('/a/profile', { headers: { 'Sec-CH-UA-Mobile': '?1' } })).text())).toBe(false);
    expect(tablist(await (await context.request.get('/a/profile', { headers: { 'Sec-CH-UA-Mobile': '?0' } })).text())).toBe(true);
    const page = await context.newPage();
    const problems = problemsOf(page);
    for (let visit = 1; visit <= 2; visit++) {
      await page.goto('/a/profile');
      await expect(page.getByRole('heading', { level: 1, name: /^Persönliche Daten/ })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      if (vertical) await expect(page.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
      else await expect(page.getByRole('tablist')).not.toHaveAttribute('aria-orientation', 'vertical');
    }
    // The width measured on the first page (`portal_media`): the server now renders this width's layout.
    expect(tablist(await (await context.request.get('/a/profile')).text())).toBe(vertical);
    await page.waitForTimeout(1000);
    expect(problems).toEqual([]);
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

interface GuestCase {
  title: string;
  /** The page's path (a public link or a reset link is made through the API first). */
  path: (browser: Browser, baseURL: string) => Promise<string>;
  heading: RegExp;
  /** What the page shows besides its heading: its text, or its form's fields and button. */
  content: (page: Page) => Locator[];
  /** A console message the page's own request causes with JavaScript (the browser logs a refused answer). */
  expectedConsole?: RegExp;
}

/** A public link to the manager's newest invoice (RE202611-10001, open), made through the API as the invoice page does. */
async function publicInvoicePath(browser: Browser, baseURL: string): Promise<string> {
  const context = await signedIn(browser, baseURL, users.manager, false);
  const invoices = (await (await context.request.get('/api/v1/invoices')).json()) as { data: { id: number }[] };
  const res = await context.request.post(`/api/v1/invoices/${invoices.data[0].id}/public-link`, { data: {}, headers: await csrfHeaders(context) });
  expect(res.status()).toBeLessThan(300);
  const { url } = (await res.json()) as { url: string };
  await context.close();
  return new URL(url).pathname;
}

/** A real reset link: asked for through the API, read from the mail the portal wrote. */
async function resetPath(browser: Browser, baseURL: string): Promise<string> {
  // Only this request's mail: the test before asked for a link too, and a new link makes that one invalid.
  const since = Date.now();
  const context = await browser.newContext({ baseURL });
  expect((await context.request.post('/api/v1/password/forgot', { data: { email: users.other } })).status()).toBeLessThan(300);
  await context.close();
  return linkPathIn(await mailTo(users.other, 'passwordReset', since));
}

const guestPages: GuestCase[] = [
  {
    title: 'R2.001 /a/login',
    path: async () => '/a/login',
    heading: /^Anmelden$/,
    content: (page) => [page.getByLabel('E-Mail-Adresse'), page.getByLabel(/^Passwort/).first(), page.getByRole('button', { name: 'Anmelden' })],
  },
  {
    title: 'R2.003 /a/password/forgot',
    path: async () => '/a/password/forgot',
    heading: /^Passwort vergessen$/,
    content: (page) => [page.getByText(/Wir senden Ihnen einen Link/), page.getByLabel(/^E-Mail-Adresse/), page.getByRole('button', { name: 'Link senden' })],
  },
  {
    title: 'R2.002 /a/password/reset with a valid link',
    path: resetPath,
    heading: /^Neues Passwort vergeben$/,
    content: (page) => [
      page.getByRole('textbox', { name: 'Neues Passwort', exact: true }),
      page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }),
      page.getByRole('button', { name: 'Passwort speichern' }),
    ],
  },
  {
    title: 'R2.002 /a/password/reset with an invalid link',
    path: async () => '/a/password/reset/not-a-real-token',
    heading: /^Neues Passwort vergeben$/,
    content: (page) => [page.getByText('Der Link zum Zurücksetzen ist ungültig oder abgelaufen.', { exact: false }), page.getByRole('link', { name: 'Neuen Link anfordern' })],
    // The browser checks the link again (as on every visit) and logs the 422 answer.
    expectedConsole: /Failed to load resource: the server responded with a status of 422/,
  },
  {
    title: 'R2.008 /a/datenschutz',
    path: async () => '/a/datenschutz',
    heading: /^Datenschutzerklärung$/,
    content: (page) => [page.getByText(/30 Tage/).first()],
  },
  {
    title: 'R2.009 the public invoice page',
    path: publicInvoicePath,
    heading: /^Rechnung RE\d+-10001 \(offen\)$/,
    content: (page) => [page.getByRole('region', { name: 'Positionen' })],
  },
];

for (const guestPage of guestPages) {
  test(`${guestPage.title} without JavaScript shows its heading and content to a guest (server-rendered)`, async ({ browser, baseURL }) => {
    const path = await guestPage.path(browser, baseURL!);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'de-DE' });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: guestPage.heading })).toBeVisible();
    for (const part of guestPage.content(page)) await expect(part).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // No "please enable JavaScript" where the page is there to read.
    await expect(page.getByText(/Bitte aktivieren Sie JavaScript/)).toHaveCount(0);
    // A form sent before (or without) JavaScript never puts what was typed into the address.
    for (const form of await page.locator('form').all()) expect(await form.getAttribute('method')).toBe('post');
    await context.close();
  });

  test(`${guestPage.title} with JavaScript takes over the server's page: no console error, no hydration warning`, async ({ browser, baseURL }) => {
    const path = await guestPage.path(browser, baseURL!);
    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    const page = await context.newPage();
    const problems = problemsOf(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByRole('heading', { level: 1, name: guestPage.heading })).toBeVisible();
    for (const part of guestPage.content(page)) await expect(part).toBeVisible();
    await page.waitForTimeout(1000);
    expect(problems.filter((p) => !guestPage.expectedConsole?.test(p))).toEqual([]);
    await context.close();
  });
}
