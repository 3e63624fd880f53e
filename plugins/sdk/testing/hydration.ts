import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Specs act only on an interactive page (issue 29). A server-rendered page is visible before React has
 * hydrated it: text typed into a field before then is lost, a link clicked is a full page load. The web app sets
 * `<html data-hydrated>` once the page has committed (`HydrationMarker`, also on the lean sign-in page); every
 * document a test's pages load is watched for it, and the actions of a spec (locator and page actions,
 * keyboard, mouse, the test clock) wait until the page's current document has it. One observer per document
 * reports it (a binding call); an action on a hydrated page waits for nothing (no round trip per action).
 * A document without the app's `#root` (a JSON answer, a PDF) has nothing to wait for, nor a context without JavaScript.
 */

const HYDRATION_TIMEOUT_MS = 30_000;
const binding = '__portalHydration';

/** Runs in every document of a watched context before its own scripts: reports the load, then the marker. */
const documentScript = `(() => {
  if (window.top !== window || location.protocol === 'about:') return;
  const report = (state) => window.${binding} && window.${binding}(state, location.href);
  report('loading');
  const hydrated = () => document.documentElement && document.documentElement.hasAttribute('data-hydrated');
  const observer = new MutationObserver(() => {
    if (!hydrated()) return;
    observer.disconnect();
    report('hydrated');
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  document.addEventListener('DOMContentLoaded', () => {
    if (hydrated() || document.getElementById('root')) return;
    observer.disconnect();
    report('hydrated');
  });
})();`;

interface DocumentState {
  done: boolean;
  error?: Error;
  promise: Promise<void>;
  finish: (error?: Error) => void;
}

const documents = new WeakMap<Page, DocumentState>();

function documentLoading(page: Page, url: string): void {
  documents.get(page)?.finish();
  let resolve!: () => void;
  const state: DocumentState = {
    done: false,
    promise: new Promise<void>((r) => (resolve = r)),
    finish(error) {
      if (state.done) return;
      state.done = true;
      state.error = error;
      clearTimeout(timer);
      resolve();
    },
  };
  const timer = setTimeout(
    () => state.finish(new Error(`${url} did not hydrate within ${HYDRATION_TIMEOUT_MS} ms (no <html data-hydrated>; a script error?)`)),
    HYDRATION_TIMEOUT_MS,
  );
  timer.unref();
  documents.set(page, state);
}

/** Resolves once the page's current document is interactive (at once when it is); throws when it never became so. */
export async function untilHydrated(page: Page): Promise<void> {
  for (;;) {
    const state = documents.get(page);
    if (!state || state.done) {
      if (state?.error) throw state.error;
      return;
    }
    await state.promise;
  }
}

type Fn = (...args: never[]) => Promise<unknown>;

function waitBefore<T extends object>(target: T, methods: readonly string[], pages: (self: T) => Page[]): void {
  for (const name of methods) {
    const original = (target as Record<string, unknown>)[name] as Fn | undefined;
    if (typeof original !== 'function') continue;
    (target as Record<string, unknown>)[name] = async function (this: T, ...args: never[]) {
      for (const page of pages(this)) await untilHydrated(page);
      return original.apply(this, args);
    };
  }
}

function waitAfter<T extends object>(target: T, methods: readonly string[], page: (self: T) => Page): void {
  for (const name of methods) {
    const original = (target as Record<string, unknown>)[name] as Fn | undefined;
    if (typeof original !== 'function') continue;
    (target as Record<string, unknown>)[name] = async function (this: T, ...args: never[]) {
      const result = await original.apply(this, args);
      await untilHydrated(page(this));
      return result;
    };
  }
}

const actions = [
  'blur',
  'check',
  'clear',
  'click',
  'dblclick',
  'dispatchEvent',
  'dragTo',
  'dragAndDrop',
  'fill',
  'focus',
  'hover',
  'press',
  'pressSequentially',
  'selectOption',
  'selectText',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;
const navigations = ['goto', 'reload', 'goBack', 'goForward'] as const;
const patched = Symbol('portal hydration');

/** Called with each page of a watched context: its keyboard and mouse wait too. */
function watchPage(page: Page): void {
  patchClasses(page);
  if ((page as unknown as Record<symbol, boolean>)[patched]) return;
  (page as unknown as Record<symbol, boolean>)[patched] = true;
  waitBefore(page.keyboard, ['down', 'up', 'press', 'type', 'insertText'], () => [page]);
  waitBefore(page.mouse, ['click', 'dblclick', 'down', 'up', 'move', 'wheel'], () => [page]);
  page.once('close', () => documents.get(page)?.finish());
}

async function watchContext(context: BrowserContext): Promise<BrowserContext> {
  await context.exposeBinding(binding, ({ page }, state: string, url: string) => {
    if (!page) return;
    if (state === 'loading') documentLoading(page, url);
    else documents.get(page)?.finish();
  });
  await context.addInitScript(documentScript);
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
  // The clock is the context's: it waits for all of its pages (a paused clock stalls a hydration under way).
  waitBefore(context.clock, ['install', 'pauseAt', 'runFor', 'fastForward', 'setFixedTime', 'setSystemTime', 'resume'], () => context.pages());
  return context;
}

/**
 * Installs the waiting once per worker: every context the browser creates from now on (the `context` and `page`
 * fixtures, `browser.newContext()`, `browser.newPage()`) is watched; locator and page actions wait before, page
 * navigations after.
 */
export function waitForHydration(browser: Browser): void {
  const browserProto = Object.getPrototypeOf(browser) as Record<string | symbol, unknown>;
  if (browserProto[patched]) return;
  browserProto[patched] = true;
  const newContext = browserProto.newContext as (this: Browser, ...args: unknown[]) => Promise<BrowserContext>;
  browserProto.newContext = async function (this: Browser, ...args: unknown[]) {
    const context = await newContext.apply(this, args);
    // Without JavaScript nothing hydrates (and the page is as it will stay).
    return (args[0] as { javaScriptEnabled?: boolean } | undefined)?.javaScriptEnabled === false ? context : watchContext(context);
  };
}

/** Pages and locators: their classes are patched once, with the first page (their prototypes are not exported). */
function patchClasses(page: Page): void {
  const pageProto = Object.getPrototypeOf(page) as Page & Record<symbol, boolean>;
  if (pageProto[patched]) return;
  pageProto[patched] = true;
  waitBefore(pageProto, actions, (self) => [self]);
  waitAfter(pageProto, navigations, (self) => self);
  const locatorProto = Object.getPrototypeOf(page.locator('html')) as Locator;
  waitBefore(locatorProto, actions, (self) => [self.page()]);
}
