import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test } from './fixtures';
import { password } from './helpers';

/**
 * Accessibility helpers for every spec file: `await expectNoSeriousAxeViolations(page)` after a screen
 * or dialog is on display fails the test on any serious or critical axe-core violation (WCAG 2.2 AA
 * rules and axe's best practices), naming the rule, the elements and axe's help link.
 */

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface Violation {
  rule: string;
  impact: Impact;
  help: string;
  helpUrl: string;
  targets: string[];
}

export interface AxeOptions {
  /** Only this part of the page (a CSS selector), e.g. `[role="dialog"]`. */
  include?: string;
  /** Parts to leave out (CSS selectors), each with a reason in the caller. */
  exclude?: string[];
  /** Only these axe rules (default: every rule of the WCAG 2.x A/AA tags and the best practices). */
  rules?: readonly string[];
}

/**
 * The axe rules whose outcome depends on the colour mode or the language of a screen — what a second pass over
 * the same screens in the other theme and language can find that the first pass did not (docs/decisions.md,
 * "Accessibility checks"): contrast, links told apart by colour, and the document's language and title.
 */
export const themeAndLanguageRules = ['color-contrast', 'link-in-text-block', 'html-has-lang', 'html-lang-valid', 'valid-lang', 'document-title'] as const;

/** Every violation axe-core finds on the page as it is now. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Violation[]> {
  // Legacy mode: axe runs in the page itself. The default (runPartial per frame, then finishRun) opens a blank
  // page for every analysis to combine the frames' results — 1.3–2 s per scan instead of 0.4–0.8 s, most of
  // the accessibility passes' time; the portal's pages have no frames whose results need combining.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = options.rules ? builder.withRules([...options.rules]) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: (v.impact ?? 'minor') as Impact,
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

export const isSerious = (v: Violation): boolean => v.impact === 'serious' || v.impact === 'critical';

/** A readable list of violations for a failure message. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => `  [${v.impact}] ${v.rule}: ${v.help} (${v.helpUrl})\n    ${v.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}

/** Fails (softly, so one run lists every screen's findings) on any serious or critical violation. */
export async function expectNoSeriousAxeViolations(page: Page, options: AxeOptions & { label?: string } = {}): Promise<Violation[]> {
  const violations = await axeViolations(page, options);
  const serious = violations.filter(isSerious);
  expect
    .soft(serious, `axe: serious or critical violations on ${options.label ?? page.url()}:\n${describeViolations(serious)}`)
    .toEqual([]);
  return violations;
}

/** Fails when the page scrolls sideways (a phone must never scroll the whole page horizontally). */
export async function expectNoHorizontalScroll(page: Page, label = page.url()): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    // The widest elements that reach past the viewport, to name in the message.
    // Inside a container that scrolls or clips sideways, an element is no culprit.
    const contained = (el: HTMLElement) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !contained(el))
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits: wide };
  });
  expect
    .soft(scrollWidth, `${label} scrolls sideways: ${scrollWidth} > ${clientWidth}; ${culprits.join(', ')}`)
    .toBeLessThanOrEqual(clientWidth);
}

/** Waits until the screen has its heading and has finished loading (no spinner, no skeleton). */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  // Indeterminate spinners and skeletons only: a determinate bar (a usage figure) is content. Up to 30 s: a few
  // sections ask the server's own program first (package-updates simulates `apt-get upgrade`, which builds apt's
  // cache on a first visit — over 10 s on a loaded machine).
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow]), main .MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
  // The browser asks for reduced motion (playwright.config.ts), so the theme has no transitions: the last
  // render's layout and paint are done after two animation frames, before the colours are measured.
  await settled(page);
}

/** Resolves after the page has rendered two more frames (layout and paint of the last change are done). */
export function settled(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export type Language = 'de' | 'en';
export type Theme = 'light' | 'dark';

/** A browser context that shows the portal in a language and colour scheme to a guest. */
export async function guestContext(
  browser: Browser,
  language: Language,
  theme: Theme,
  viewport = { width: 1440, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-GB', colorScheme: theme, viewport });
  // The cookies the web app writes with them: the server renders a guest's page by these (issue 29).
  await context.addCookies(
    [
      { name: 'portal_language', value: language },
      { name: 'portal_display', value: `1${+(theme === 'dark')}f` },
    ].map((c) => ({ ...c, url: test.info().project.use.baseURL! })),
  );
  await context.addInitScript(
    ([lang, dark]) => {
      localStorage.setItem('portal.language', lang);
      localStorage.setItem('portal.display', JSON.stringify({ forcedMode: true, darkMode: dark, container: 'fluid' }));
    },
    [language, theme === 'dark'] as const,
  );
  return context;
}

/** Signs in through the API (as a password manager would post the form) and sets language and colour mode. */
export async function signInByApi(
  context: BrowserContext,
  email: string,
  language: Language,
  theme: Theme,
  code?: () => Promise<string>,
): Promise<void> {
  const request = context.request;
  const res = await request.post('/api/v1/session', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  const body = (await res.json()) as { challenge?: string };
  if (body.challenge) {
    if (!code) throw new Error(`${email} needs a second factor`);
    const second = await request.post('/api/v1/session/two-factor', { data: { challenge: body.challenge, code: await code() } });
    expect(second.status(), `second factor of ${email}`).toBe(200);
  }
  const settings = await request.patch('/api/v1/me/settings', {
    data: { language, forcedMode: true, darkMode: theme === 'dark' },
    headers: await csrfHeaders(context),
  });
  expect(settings.status(), `settings of ${email}`).toBe(200);
}

/** The header a state-changing API call of a signed-in browser repeats its session's CSRF token in. */
export async function csrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const csrf = (await context.cookies()).find((c) => c.name === 'portal_csrf');
  return csrf ? { 'X-CSRF-Token': csrf.value } : {};
}

/** The seeded staff member (core/seed/impersonationsDemo.ts) and their authenticator app. */
export const staff = { email: 'staff@demo.example', secret: 'AWKNGC5TKULZQCEOVHDMC5RCLBZJAVJQ' };
const totp = new TOTP({ secret: Secret.fromBase32(staff.secret), digits: 6, period: 30 });
let lastStep = 0;

/** A fresh code of the staff member's app (each 30-second step is accepted once). */
export async function staffCode(): Promise<string> {
  const now = () => Math.floor(Date.now() / 30_000);
  const step = Math.max(now() - 1, lastStep + 1);
  while (step > now() + 1) await new Promise((r) => setTimeout(r, 1000));
  lastStep = step;
  return totp.generate({ timestamp: step * 30_000 + 15_000 });
}
