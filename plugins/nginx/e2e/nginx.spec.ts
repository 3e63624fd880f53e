/**
 * The nginx section in the browser, in German and English: create a domain, a validation error the
 * server finds (a server name another domain has), apply with progress, the result (the configuration
 * view and a request the private nginx served appearing in the access log, also live), roll back.
 */
import { type Page } from '@playwright/test';
import { expect, test, journeyLanguages, hostRequest } from '@portal/plugin-sdk/testing/e2e';

const password = 'Demo-Portal-2026';
const shots = process.env.NGINX_SHOTS; // a directory: screenshots of every screen (light and dark) for review

const texts = {
  de: {
    login: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', welcome: /Willkommen/ },
    pendingApply: 'Jetzt anwenden',
    addDomain: 'Domain hinzufügen',
    primaryName: 'Hauptname',
    documentRoot: 'Document Root',
    static: 'Statische Dateien',
    taken: 'Eine andere Domain dieses Servers verwendet diesen Namen bereits.',
    invalidDirective: 'Dieser Wert ist für die Direktive nicht erlaubt',
    addDirective: 'Direktive hinzufügen',
    value: 'Wert',
    cancel: 'Abbrechen',
    saved: /wurde gespeichert/,
    configTab: 'Konfiguration',
    redirectsTab: 'Weiterleitungen',
    addRedirect: 'Weiterleitung hinzufügen',
    authTab: 'Zugangsschutz',
    addAuth: 'Pfad schützen',
    domainsTab: 'Domains',
    apply: 'Anwenden',
    applied: 'Die Änderung wurde übernommen.',
    inSync: 'Der Server hat genau diese Konfiguration.',
    running: /nginx läuft auf 127\.0\.0\.1:(\d+)/,
    accessLogOf: (name: string) => `Zugriffslog von ${name}`,
    search: 'Suche',
    live: 'Live',
    rollback: 'Zurückrollen',
    rolledBack: 'Die vorherige Version wurde wiederhergestellt.',
    language: /Deutsch/,
  },
  en: {
    login: { email: 'E-mail address', password: 'Password', submit: 'Log in', welcome: /Welcome/ },
    pendingApply: 'Apply now',
    addDomain: 'Add domain',
    primaryName: 'Primary name',
    documentRoot: 'Document root',
    static: 'Static files',
    taken: 'Another domain of this server already uses this name.',
    invalidDirective: 'This value is not allowed for the directive',
    addDirective: 'Add directive',
    value: 'Value',
    cancel: 'Cancel',
    saved: /was saved/,
    configTab: 'Configuration',
    redirectsTab: 'Redirects',
    addRedirect: 'Add redirect',
    authTab: 'Authentication',
    addAuth: 'Protect a path',
    domainsTab: 'Domains',
    apply: 'Apply',
    applied: 'The change was applied.',
    inSync: 'The server has exactly this configuration.',
    running: /nginx is running on 127\.0\.0\.1:(\d+)/,
    accessLogOf: (name: string) => `Access log of ${name}`,
    search: 'Search',
    live: 'Live',
    rollback: 'Roll back',
    rolledBack: 'The previous version was restored.',
    language: /English/,
  },
} as const;

type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = texts.de.login;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page.getByLabel(new RegExp(`^${t.password}`)).first().fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
  if (lang === 'en') {
    await page.getByRole('button', { name: texts.en.language }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.en.login.welcome })).toBeVisible();
  }
}

/** The nginx section of web01 of cluster 20011, opened from the dashboard like a user would. */
async function openNginx(page: Page): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  await shot(page, 'managed-dashboard');
  await page.getByRole('link', { name: 'nginx', exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/nginx$/);
  await expect(page.getByTestId('nginx-vhost-row').first()).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${shots}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Waits until the section's running job has finished successfully. */
async function jobSucceeded(page: Page): Promise<void> {
  const progress = page.getByTestId('apply-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
}

// One after the other: both change the same server.
test.describe.configure({ mode: 'serial' });

for (const lang of journeyLanguages('en')) {
  test(`R2.030 R2.024 nginx (${lang}): create a domain, a duplicate name refused, apply with progress, the request in the access log, roll back`, async ({ page }) => {
    test.setTimeout(180_000);
    const t = texts[lang];
    const name = `e2e-${lang}.mueller-schmidt-shop.example`;
    await login(page, lang);
    await openNginx(page);
    await shot(page, `${lang}-domains`);

    // The demo domains are not on the server yet the first time: apply them, so the rollback below has a version to go back to.
    const pending = page.getByTestId('nginx-status').getByRole('button', { name: t.pendingApply });
    if (await pending.isVisible()) {
      await pending.click();
      await jobSucceeded(page);
    }

    // Create a domain.
    await page.getByRole('link', { name: t.addDomain }).first().click();
    await page.getByLabel(t.primaryName).fill(name);
    await page.getByLabel(t.documentRoot).fill(`e2e-${lang}/public`);
    await page.getByRole('radio', { name: t.static }).check();
    // A directive value that would end the directive is refused before it is sent …
    await page.getByRole('button', { name: t.addDirective }).click();
    await page.getByLabel(t.value).fill('64m; include /etc/passwd');
    await page.getByRole('button', { name: t.addDomain }).click();
    await expect(page.getByText(t.invalidDirective)).toBeVisible();
    await page.getByLabel(t.value).fill('64m');
    await shot(page, `${lang}-domain-form`);
    await page.getByRole('button', { name: t.addDomain }).click();
    await expect(page.getByText(t.saved).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByTestId('nginx-vhost-row').filter({ hasText: name })).toBeVisible();

    // … and a name another domain has is refused by the server, shown under the field.
    await page.getByRole('link', { name: t.addDomain }).first().click();
    await page.getByLabel(t.primaryName).fill('www.mueller-schmidt-shop.example');
    await page.getByLabel(t.documentRoot).fill('dupe');
    await page.getByRole('button', { name: t.addDomain }).click();
    await expect(page.getByText(t.taken)).toBeVisible();
    await shot(page, `${lang}-duplicate-name`);
    await page.getByRole('button', { name: t.cancel }).click();

    // Redirects and protected paths of the server's domains (users by name, never a password hash).
    await page.getByRole('tab', { name: t.redirectsTab }).click();
    await expect(page.getByTestId('nginx-redirect-row').filter({ hasText: '/impressum.html' })).toBeVisible();
    await page.getByRole('button', { name: t.addRedirect }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `${lang}-redirect-dialog`);
    await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
    await page.getByRole('tab', { name: t.authTab }).click();
    const auth = page.getByTestId('nginx-authentication-row').filter({ hasText: '/admin/' });
    await expect(auth).toContainText('shopbetrieb');
    await expect(auth).not.toContainText('$6$');
    await page.getByRole('button', { name: t.addAuth }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, `${lang}-authentication-dialog`);
    await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();

    // The configuration view shows the difference to the server; apply it with progress.
    await page.getByRole('tab', { name: t.configTab }).click();
    await expect(page.getByTestId('nginx-diff')).toContainText(`+    server_name ${name};`);
    await shot(page, `${lang}-config-diff`);
    await page.getByRole('button', { name: t.apply, exact: true }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.applied);
    await expect(page.getByTestId('nginx-config-in-sync')).toHaveText(t.inSync);
    await shot(page, `${lang}-applied`);

    // The private nginx serves the domain; the request shows in its access log — searched, and live.
    const status = page.getByTestId('nginx-status');
    await expect(status).toContainText(t.running);
    const port = Number(t.running.exec((await status.textContent()) ?? '')?.[1]);
    expect(await hostRequest(port, name, `/probe-${lang}`)).toBe(404);
    await page.getByRole('tab', { name: t.domainsTab }).click();
    await page.getByRole('link', { name: t.accessLogOf(name) }).click();
    const rows = page.getByTestId('nginx-log-row');
    await expect(rows.filter({ hasText: `GET /probe-${lang}` })).toBeVisible();
    await expect(rows.first()).toContainText('404');
    await page.getByRole('searchbox', { name: t.search }).fill('no-such-request');
    await expect(page.getByTestId('nginx-log-empty')).toBeVisible();
    await page.getByRole('searchbox', { name: t.search }).fill('');
    await page.getByLabel(t.live).check();
    // The tail starts once the server has taken the panel's lease: a request sent before that is not pushed, so
    // the next one is sent until one shows up live (a loaded machine takes longer than any fixed wait).
    let attempt = 0;
    await expect(async () => {
      attempt += 1;
      expect(await hostRequest(port, name, `/live-${lang}-${attempt}`)).toBe(404);
      await expect(rows.filter({ hasText: `GET /live-${lang}-${attempt}` })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await shot(page, `${lang}-access-log`);
    await page.getByLabel(t.live).uncheck();

    // Roll back to the version before: the domain is gone again.
    await page.getByRole('tab', { name: t.configTab }).click();
    await page.getByRole('button', { name: t.rollback }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.rollback }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.rolledBack);
    await page.getByRole('tab', { name: t.domainsTab }).click();
    await expect(page.getByTestId('nginx-vhost-row').first()).toBeVisible();
    await expect(page.getByTestId('nginx-vhost-row').filter({ hasText: name })).toHaveCount(0);
    expect(await hostRequest(port, name, `/after-rollback-${lang}`)).toBe(404);
  });
}
