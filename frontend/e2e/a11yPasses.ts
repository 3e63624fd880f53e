import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  guestContext,
  settled,
  signInByApi,
  themeAndLanguageRules,
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
import { lookUpDemoIds, routeSamples, sampleOf, type DemoIds, type RouteSample, type Who } from './routeSamples';

/**
 * Issue 15: the axe-core passes over every route of the router (and every Managed Center plugin route) and
 * the main dialogs, for one language + colour mode. Each combination is a spec file of its own
 * (accessibility.spec.ts: de + light with the 375 px check; accessibility-dark.spec.ts: en + dark), so the
 * two passes run side by side on the two e2e workers (docs/decisions.md, "Accessibility checks").
 */

const emails: Record<Exclude<Who, 'guest'>, string> = {
  manager: users.manager,
  admin: users.admin,
  partner: users.partner,
  staff: staff.email,
};

/** One browser context per demo user, signed in with the combination's language and colour mode. */
export class Sessions {
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

/**
 * Opens a route the way a user mostly does, by navigating inside the app that is already loaded (the page's router
 * follows a `popstate` to the new address, as after the browser's back button), and waits until the router has shown
 * the new page (`<html data-navigations>`, frontend/src/shell/NavigationMarker.tsx). Loading the whole app again for each
 * of the ~130 routes was a third of a pass's time. The first route of a page, and the sign-in and other pages outside
 * the app's frame, are loaded as documents.
 */
async function visit(page: Page, url: string): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.dataset.navigations).catch(() => undefined);
  if (shown === undefined || !new URL(page.url()).pathname.startsWith('/a/') || url.startsWith('/a/login') || !url.startsWith('/a/')) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    // In the router's own history format (a fresh key, the next index), so it treats this as a new entry.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
  // A page without the app's frame (an error page) has no marker to count: then the document is loaded.
  const navigated = await page
    .waitForFunction((before) => document.documentElement.dataset.navigations !== before, shown, { timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (!navigated) await page.goto(url);
}

async function open(sessions: Sessions, sample: RouteSample, ids: DemoIds): Promise<Page> {
  const page = await sessions.page(sample.who);
  const started = Date.now();
  await visit(page, sample.url(ids));
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
    return await open(sessions, sampleOf(pattern)!, ids);
  } catch (error) {
    expect.soft(String(error), `/${pattern} did not load`).toBe('');
    return undefined;
  }
}

/** The main dialogs and menus, each opened on its screen. */
const dialogs: { name: string; route: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'user menu', route: '', open: (page) => page.getByRole('button', { name: /Benutzermenü öffnen|Open user menu/ }).click() },
  {
    name: 'create token',
    route: 'profile/personal-access-token',
    open: (page) =>
      page
        .getByRole('button', { name: /^(Token erstellen|Create token)$/ })
        .first()
        .click(),
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

/** Registers, in the calling spec file, the route pass and the dialog pass of one language + colour mode. */
export function defineAxePasses(language: Language, theme: Theme): void {
  let ids: DemoIds;
  test.beforeAll(async ({ browser }) => {
    const sessions = new Sessions(browser, 'de', 'light');
    ids = await lookUpDemoIds(await sessions.context('admin'), await sessions.context('manager'));
    await sessions.close();
  });

  // The phone check rides along in the first pass: the page is resized instead of loaded again.
  const phone = language === 'de' && theme === 'light';
  // The first pass (de + light) runs every rule; the second pass checks the same screens in the other theme and
  // language, so only the rules whose outcome depends on them (two thirds of the pass's time was axe's other rules).
  const rules = phone ? undefined : themeAndLanguageRules;
  const title = `R15 axe: every route in ${language} + ${theme} without serious or critical violations${phone ? '; at 375 × 812 no route scrolls sideways' : ''}`;
  test(title, async ({ browser }) => {
    // Generous for a loaded machine: at 128 routes the de + light pass (every rule, plus the phone check) took just over
    // 15 minutes on this session's loaded run (load 5–10) and hit the old 900 s limit without a finding.
    test.setTimeout(1_800_000);
    const sessions = new Sessions(browser, language, theme);
    const counts = newCounts();
    let scans = 0;
    try {
      for (const pattern of routePatterns()) {
        const sample = sampleOf(pattern);
        if (!sample || (only && !only.test(pattern))) continue;
        const page = await openOrReport(sessions, pattern, ids);
        if (!page) continue;
        const axeStarted = Date.now();
        tally(await expectNoSeriousAxeViolations(page, { label: `/${pattern} (${language}, ${theme}) ${page.url()}`, rules }), counts);
        if (timing) console.log(`  axe ${Date.now() - axeStarted} ms`);
        scans += 1;
        // Every page names itself in the browser tab: "<page> – Kundenportal" (issue 15).
        const suffix = language === 'de' ? 'Kundenportal' : 'Customer portal';
        expect.soft(await page.title(), `/${pattern}: document title`).toMatch(new RegExp(`^.+ – ${suffix}$`));
        if (phone) {
          await page.setViewportSize({ width: 375, height: 812 });
          // The resize's media queries re-render the page; a frame later its layout is the phone's.
          await settled(page);
          await settled(page);
          await expectNoHorizontalScroll(page, `/${pattern} at 375 px ${page.url()}`);
          await page.setViewportSize({ width: 1440, height: 900 });
        }
      }
    } finally {
      report(`${language}+${theme}`, scans, counts);
      await sessions.close();
    }
  });

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
        tally(await expectNoSeriousAxeViolations(page, { label: `${dialog.name} (${language}, ${theme})`, rules }), counts);
        await page.keyboard.press('Escape');
      }
    } finally {
      report(`dialogs ${language}+${theme}`, dialogs.length, counts);
      await sessions.close();
    }
  });
}
