import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  guestContext,
  signInByApi,
  staff,
  staffCode,
  waitForScreen,
  type Impact,
  type Language,
  type Theme,
  type Violation,
} from './a11y';
import { users } from './helpers';
import { routePatterns } from './routeList';
import { lookUpDemoIds, routeSamples, type DemoIds, type RouteSample, type Who } from './routeSamples';

/**
 * Issue 15: every route of the router (and every Managed Center plugin route) and the main dialogs,
 * scanned with axe-core; no serious or critical violation in German/English × light/dark. Each route in
 * de+light and en+dark (docs/decisions.md, "Accessibility checks"), to keep the run short. And at 375 × 812 no route scrolls sideways (checked in the de + light pass).
 */

const emails: Record<Exclude<Who, 'guest'>, string> = {
  manager: users.manager,
  admin: users.admin,
  partner: users.partner,
  staff: staff.email,
};

/** One browser context per demo user, signed in with the combination's language and colour mode. */
class Sessions {
  private readonly contexts = new Map<Who, Promise<BrowserContext>>();
  private readonly pages = new Map<Who, Page>();
  private readonly browser: Browser;
  readonly language: Language;
  readonly theme: Theme;
  private readonly viewport: { width: number; height: number };
  constructor(browser: Browser, language: Language, theme: Theme, viewport = { width: 1440, height: 900 }) {
    this.browser = browser;
    this.language = language;
    this.theme = theme;
    this.viewport = viewport;
  }

  context(who: Who): Promise<BrowserContext> {
    let context = this.contexts.get(who);
    if (!context) {
      context = (async () => {
        const c = await guestContext(this.browser, this.language, this.theme, this.viewport);
        if (who !== 'guest') await signInByApi(c, emails[who], this.language, this.theme, who === 'staff' ? staffCode : undefined);
        return c;
      })();
      this.contexts.set(who, context);
    }
    return context;
  }

  async page(who: Who): Promise<Page> {
    let page = this.pages.get(who);
    if (!page) {
      page = await (await this.context(who)).newPage();
      this.pages.set(who, page);
    }
    return page;
  }

  async close(): Promise<void> {
    for (const c of this.contexts.values()) await (await c).close();
  }
}

const timing = process.env.A11Y_TIMING === '1';
/** A11Y_ONLY=<regex> limits the route passes to matching patterns, for work on one screen. */
const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : undefined;

async function open(sessions: Sessions, sample: RouteSample, ids: DemoIds): Promise<Page> {
  const page = await sessions.page(sample.who);
  const started = Date.now();
  await page.goto(sample.url(ids));
  const loaded = Date.now();
  await (sample.ready ? sample.ready(page) : Promise.resolve());
  await waitForScreen(page);
  if (timing) console.log(`${sample.url(ids)}: goto ${loaded - started} ms, ready ${Date.now() - loaded} ms`);
  return page;
}

type Counts = Record<Impact, number> & { rules: Map<string, number> };
const newCounts = (): Counts => ({ critical: 0, serious: 0, moderate: 0, minor: 0, rules: new Map() });
const tally = (violations: Violation[], counts: Counts) => {
  for (const v of violations) {
    counts[v.impact] += 1;
    const key = `${v.rule} (${v.impact})`;
    counts.rules.set(key, (counts.rules.get(key) ?? 0) + 1);
  }
};
/** The figures of a run (issue 15 asks for the counts before and after): violations by impact and by rule. */
const report = (label: string, scans: number, counts: Counts) =>
  console.log(
    `axe ${label}: ${scans} scans; critical ${counts.critical}, serious ${counts.serious}, moderate ${counts.moderate}, minor ${counts.minor}; ` +
      [...counts.rules].map(([rule, n]) => `${rule} ×${n}`).join(', '),
  );

/** Opens a sample; a screen that does not finish loading is reported (softly) and skipped. */
async function openOrReport(sessions: Sessions, pattern: string, ids: DemoIds): Promise<Page | undefined> {
  try {
    return await open(sessions, routeSamples[pattern], ids);
  } catch (error) {
    expect.soft(String(error), `/${pattern} did not load`).toBe('');
    return undefined;
  }
}

let ids: DemoIds;

test.beforeAll(async ({ browser }) => {
  const sessions = new Sessions(browser, 'de', 'light');
  ids = await lookUpDemoIds(await sessions.context('admin'), await sessions.context('manager'));
  await sessions.close();
});

test('R15 every route of the router and of the Managed Center plugins has a sample URL for the checks', () => {
  const patterns = routePatterns();
  expect(patterns.length).toBeGreaterThan(40);
  const missing = patterns.filter((p) => !(p in routeSamples));
  expect(missing, 'add these routes to frontend/e2e/routeSamples.ts').toEqual([]);
  const stale = Object.keys(routeSamples).filter((p) => !patterns.includes(p));
  expect(stale, 'these samples name no route any more').toEqual([]);
});

const combinations: { language: Language; theme: Theme; all: boolean }[] = [
  { language: 'de', theme: 'light', all: true },
  { language: 'en', theme: 'dark', all: true },
];

for (const { language, theme, all } of combinations) {
  // The phone check rides along in the first pass: the page is resized instead of loaded again.
  const phone = language === 'de' && theme === 'light';
  const title = `R15 axe: ${all ? 'every route' : 'the key routes'} in ${language} + ${theme} without serious or critical violations${phone ? '; at 375 × 812 no route scrolls sideways' : ''}`;
  test(title, async ({ browser }) => {
    // Generous for a loaded machine; about two minutes for the whole file on a quiet one.
    test.setTimeout(all ? 900_000 : 300_000);
    const sessions = new Sessions(browser, language, theme);
    const counts = newCounts();
    let scans = 0;
    try {
      for (const pattern of routePatterns()) {
        const sample = routeSamples[pattern];
        if (!sample || (!all && !sample.key) || (only && !only.test(pattern))) continue;
        const page = await openOrReport(sessions, pattern, ids);
        if (!page) continue;
        const axeStarted = Date.now();
        tally(await expectNoSeriousAxeViolations(page, { label: `/${pattern} (${language}, ${theme}) ${page.url()}` }), counts);
        if (timing) console.log(`  axe ${Date.now() - axeStarted} ms`);
        scans += 1;
        // Every page names itself in the browser tab: "<page> – Kundenportal" (issue 15).
        const suffix = language === 'de' ? 'Kundenportal' : 'Customer portal';
        expect.soft(await page.title(), `/${pattern}: document title`).toMatch(new RegExp(`^.+ – ${suffix}$`));
        if (phone) {
          await page.setViewportSize({ width: 375, height: 812 });
          await page.waitForTimeout(250);
          await expectNoHorizontalScroll(page, `/${pattern} at 375 px ${page.url()}`);
          await page.setViewportSize({ width: 1440, height: 900 });
        }
      }
    } finally {
      report(`${language}+${theme}`, scans, counts);
      await sessions.close();
    }
  });
}

/** The main dialogs and menus, each opened on its screen. */
const dialogs: { name: string; route: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'user menu', route: '', open: (page) => page.getByRole('button', { name: /Benutzermenü öffnen|Open user menu/ }).click() },
  {
    name: 'create token',
    route: 'profile/personal-access-token',
    open: (page) => page.getByRole('button', { name: /^(Token erstellen|Create token)$/ }).first().click(),
  },
  {
    name: 'change password',
    route: 'profile/security',
    open: (page) => page.getByRole('button', { name: /^(Passwort ändern|Change password)$/ }).click(),
  },
  {
    name: 'create handle',
    route: 'customers/:customerId/edit',
    open: (page) => page.getByRole('button', { name: /^(Handle anlegen|Create handle)$/ }).click(),
  },
  {
    name: 'add redirect',
    route: 'clusters/:clusterId/servers/:serverId/managed/nginx/redirects',
    open: (page) => page.getByRole('button', { name: /^(Weiterleitung hinzufügen|Add redirect)$/ }).click(),
  },
  {
    name: 'protect a path',
    route: 'clusters/:clusterId/servers/:serverId/managed/nginx/authentications',
    open: (page) =>
      page
        .getByRole('button', { name: /^(Pfad schützen|Protect a path)$/ })
        .first()
        .click(),
  },
];

for (const { language, theme } of combinations.filter((c) => c.all)) {
  test(`R15 axe: the main dialogs and menus in ${language} + ${theme} without serious or critical violations`, async ({ browser }) => {
    test.setTimeout(600_000);
    const sessions = new Sessions(browser, language, theme);
    const counts = newCounts();
    try {
      for (const dialog of dialogs) {
        const page = await open(sessions, routeSamples[dialog.route], ids);
        await dialog.open(page);
        const surface = page.locator('[role="dialog"], [role="menu"]').last();
        await expect(surface).toBeVisible();
        await page.waitForTimeout(300);
        tally(await expectNoSeriousAxeViolations(page, { label: `${dialog.name} (${language}, ${theme})` }), counts);
        await page.keyboard.press('Escape');
      }
    } finally {
      report(`dialogs ${language}+${theme}`, dialogs.length, counts);
      await sessions.close();
    }
  });
}

test('R15 R8.001 the wrong-password message is announced to screen readers (role alert), in both languages', async ({ browser }) => {
  for (const [language, message] of [
    ['de', 'Die E-Mail-Adresse oder das Passwort ist falsch.'],
    ['en', /e-mail address or (the )?password is (wrong|incorrect)/i],
  ] as const) {
    const context = await guestContext(browser, language, 'light');
    const page = await context.newPage();
    await page.goto('/a/login');
    await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(users.manager);
    await page
      .getByLabel(/^(Passwort|Password)/)
      .first()
      .fill('not-the-password');
    await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await context.close();
  }
});

test('R15 R8.001 a page chunk that fails to load after a deployment asks for a reload (§8), not a generic error', async ({ browser }) => {
  const sessions = new Sessions(browser, 'en', 'light');
  try {
    const page = await sessions.page('manager');
    await page.goto('/a/');
    await waitForScreen(page);
    // The deployment replaced the chunks: every not yet loaded script is gone.
    await page.route('**/a/assets/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('There have been changes to the application. Please reload the page to continue.');
    await expect(page.getByText(/unexpected error/i)).toHaveCount(0);
    await page.unroute('**/a/assets/**');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  } finally {
    await sessions.close();
  }
});
