/**
 * What every plugin's browser test (`plugins/<id>/e2e/*.spec.ts`, Playwright) repeats: signing the demo
 * administrator in and switching the language, opening a section of web01.c20011 from the dashboard,
 * following an apply job, writing the demo state once, rolling back, screenshots for review. The
 * texts are the portal's and the SDK's own, in both languages (`@portal/plugin-sdk/testing/e2e`).
 */
import http from 'node:http';
import { expect, type Page } from '@playwright/test';
import sdkDe from '../web/i18n/de.json' with { type: 'json' };
import sdkEn from '../web/i18n/en.json' with { type: 'json' };
import webServerDe from '../webserver/i18n/de.json' with { type: 'json' };
import webServerEn from '../webserver/i18n/en.json' with { type: 'json' };

export type Lang = 'de' | 'en';
export const languages: readonly Lang[] = ['de', 'en'];

/**
 * The languages a module's browser journey runs in: the one its spec names, both with `E2E_ALL_LANGUAGES=1`.
 * Every screen of every module is opened in both languages by the accessibility passes (de + light, en + dark)
 * and every text key exists in both (i18n tests); running each journey twice cost the suite one journey per
 * module and language, so the modules split the two languages between them (docs/plugins.md, suite layout).
 */
export function journeyLanguages(language: Lang): readonly Lang[] {
  return process.env.E2E_ALL_LANGUAGES === '1' ? languages : [language];
}

/** The portal's and the SDK's texts a plugin's spec needs (sdk namespace, managed namespace, login). */
export const sdkTexts = {
  de: {
    applied: 'Die Änderung wurde übernommen.',
    writeNow: 'Jetzt auf den Server schreiben',
    rollback: 'Letzte Änderung rückgängig machen',
    confirmRollback: 'Rückgängig machen',
    rolledBack: 'Die vorherige Version wurde wiederhergestellt.',
    welcome: /Willkommen/,
    language: /Deutsch/,
  },
  en: {
    applied: 'The change was applied.',
    writeNow: 'Write to server now',
    rollback: 'Undo last change',
    confirmRollback: 'Undo',
    rolledBack: 'The previous version was restored.',
    welcome: /Welcome/,
    language: /English/,
  },
} as const;

export { hasProgram } from './programs.ts';
export { expect, test, type PortalOptions } from './e2ePortal.ts';
export { untilHydrated } from './hydration.ts';

/**
 * A plugin's own texts for its spec, read from its translations instead of copied into the spec:
 * `const text = pluginTexts({ de, en })` (the imported `i18n/*.json`), then `text(lang, 'list.create')`
 * or `text(lang, 'list.delete', { id: 3 })` (`{{name}}` filled in). A key without a text fails the test.
 */
export function pluginTexts(messages: Record<Lang, object>) {
  return (lang: Lang, key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[lang]);
    if (typeof text !== 'string') throw new Error(`no ${lang} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** The SDK's own texts (namespace `sdk`, e.g. `sdkText(lang, 'config.save')`), for the pages of the families. */
export const sdkText = pluginTexts({ de: sdkDe, en: sdkEn });

/**
 * The texts of a member of the web server family (nginx, apache): its own where its `i18n/*.json` has the key,
 * else the family's (`plugins/sdk/webserver/i18n`) — the generator merges the namespace the same way.
 */
export function webServerTexts(messages: Record<Lang, object>) {
  const own = pluginTexts(messages);
  const family = pluginTexts({ de: webServerDe, en: webServerEn });
  const has = (lang: Lang, key: string) => typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages[lang]) === 'string';
  return (lang: Lang, key: string, values: Record<string, string | number> = {}): string => (has(lang, key) ? own(lang, key, values) : family(lang, key, values));
}

/** Signs the demo administrator in (the form is German at first) and switches to `lang`; the language is stored with the account. */
export async function signIn(page: Page, lang: Lang, email = 'admin@demo.example'): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill('Demo-Portal-2026');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: sdkTexts[lang].language }).click();
  await expect(page.getByRole('heading', { level: 1, name: sdkTexts[lang].welcome })).toBeVisible();
}

/**
 * Opens the Managed Center of a server of cluster 20011 from the dashboard like a user would (then
 * `atDashboard`), and the section titled `title`: web01.c20011, or with `service` the first server of the
 * cluster that runs it (the demo seed has a server for every module's service, core/seed/demo.ts).
 */
export async function openSection(
  page: Page,
  pluginId: string,
  title: string,
  options?: (() => Promise<void>) | { service?: string; atDashboard?: () => Promise<void> },
): Promise<void> {
  const { service, atDashboard } = typeof options === 'function' ? { service: undefined, atDashboard: options } : (options ?? {});
  const server = service ? await demoServerFor(page, service) : 'web01.c20011';
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: new RegExp(`^${server.replace(/\./g, '\\.')}`) }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  await atDashboard?.();
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/managed/${pluginId}$`));
}

/** The name of the first server of a demo cluster that runs `service` (through the API, as the signed-in user). */
export async function demoServerFor(page: Page, service: string, cluster = '20011'): Promise<string> {
  const list = (await (await page.request.get(`/api/v1/clusters?search=${cluster}`)).json()) as { data: { id: number }[] };
  const detail = (await (await page.request.get(`/api/v1/clusters/${list.data[0]!.id}`)).json()) as { servers: { name: string; services: string[] }[] };
  const server = detail.servers.find((s) => s.services.includes(service));
  if (!server) throw new Error(`no server of cluster ${cluster} runs ${service} (add it to the demo seed, core/seed/demo.ts)`);
  return server.name;
}

/**
 * Waits until the section's followed job has finished successfully (45 s — a private Postfix reloading on a loaded
 * machine took over 20 s; `timeout` for a job that starts a slow
 * program, e.g. the first apply of a broker).
 */
export async function jobSucceeded(page: Page, { timeout = 45_000 }: { timeout?: number } = {}): Promise<void> {
  const progress = page.getByTestId('apply-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout });
}

/** The demo state is not on the server the first time: write it (`RenderedFilesPanel` titled `filesTitle`), so a rollback has a version to go back to. */
export async function ensureApplied(page: Page, lang: Lang, filesTitle: string): Promise<void> {
  await page.getByRole('button', { name: filesTitle }).click();
  await expect(page.getByText(/zuletzt auf den Server geschriebenen|last written to the server/).first()).toBeVisible();
  const writeNow = page.getByRole('button', { name: sdkTexts[lang].writeNow });
  if (await writeNow.isVisible()) {
    await writeNow.click();
    await jobSucceeded(page);
    await expect(writeNow).toBeHidden();
  }
  await page.getByRole('button', { name: filesTitle }).click();
}

/** "Undo last change", confirmed; waits for the rollback job. */
export async function rollBack(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: sdkTexts[lang].rollback }).click();
  await page.getByRole('dialog').getByRole('button', { name: sdkTexts[lang].confirmRollback }).click();
  await jobSucceeded(page);
  await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].rolledBack);
}

/** Light and dark screenshots for review, only when `PLUGIN_SHOTS` (or `CRONSSH_SHOTS`) names a directory. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PLUGIN_SHOTS ?? process.env.CRONSSH_SHOTS;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The page at 375 px (a phone): the document does not scroll sideways (a wide table scrolls inside its own
 * region, every button stays reachable), with `shot` screenshots (`<name>-375-light|dark.png`) when
 * `PLUGIN_SHOTS` names a directory; the viewport is restored afterwards.
 */
export async function expectPhoneLayout(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(page, `${name}-375`);
  if (size) await page.setViewportSize(size);
}

/**
 * A request to a module's private web server on its loopback port with a Host header (the browser cannot send
 * one for another host): the answer's status code.
 */
export function hostRequest(port: number, host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Host: host, 'User-Agent': 'e2e-browser-check' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}
