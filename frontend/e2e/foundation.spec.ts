import { expect, test, untilHydrated } from './fixtures';
import { login, openUserMenu, password, users, visitorLanguage } from './helpers';

test.describe('sign-in and sign-out', () => {
  const cases = [
    { who: 'manager', email: users.manager, name: 'Anna Berger', clusters: ['20011', '20012'], partner: false },
    { who: 'admin', email: users.admin, name: 'Jonas Weber', clusters: ['20011'], partner: false },
    { who: 'partner', email: users.partner, name: 'Katrin Hoffmann', clusters: ['20021', '20022'], partner: true },
    { who: 'other', email: users.other, name: 'Lukas Fischer', clusters: ['20031', '20032'], partner: false },
  ];
  for (const c of cases) {
    test(`R2.001 R2.007 R2.010 ${c.who} logs in, sees exactly their clusters, and logs out`, async ({ page }) => {
      await login(page, c.email);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Willkommen, ${c.name}`);
      const rows = page.locator('tbody tr[data-cluster]');
      await expect(rows).toHaveCount(c.clusters.length);
      for (const number of c.clusters) await expect(page.locator(`tr[data-cluster="${number}"]`)).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(nav.getByRole('link', { name: 'Partner' })).toHaveCount(c.partner ? 1 : 0);

      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Abmelden' }).click();
      await expect(page).toHaveURL(/\/a\/login$/);
      await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
      await page.goto('/a/');
      await expect(page).toHaveURL(/\/a\/login$/);
    });
  }

  test('R5.001 a wrong password gets a clear message and no session', async ({ page }) => {
    await page.goto('/a/login');
    await page.getByLabel('E-Mail-Adresse').fill(users.manager);
    await page.getByLabel(/^Passwort/).first().fill('wrong password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist falsch.')).toBeVisible();
    await expect(page).toHaveURL(/\/a\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'portal_logged_in')).toBeUndefined();
  });

  test('R5.001 an anonymous visitor of a logged-in route lands on the login page and returns afterwards', async ({ page }) => {
    await page.goto('/a/orders');
    await expect(page).toHaveURL(/\/a\/login$/);
    await page.getByLabel('E-Mail-Adresse').fill(users.manager);
    await page.getByLabel(/^Passwort/).first().fill(password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/a\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  });

  test('R4.003 R5.002 a logged-in user visiting the login page goes to the dashboard', async ({ page }) => {
    await login(page, users.manager);
    await page.goto('/a/login');
    await expect(page).toHaveURL(/\/a\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Anna Berger');
  });

  test('R4.001 R4.002 a lost session opens the login modal and signing in keeps the page', async ({ page, context }) => {
    await login(page, users.other);
    await page.goto('/a/data-protection');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.clearCookies();
    const modal = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await expect(modal).toBeVisible({ timeout: 5000 });
    await modal.getByLabel(/^Passwort/).first().fill(password);
    await modal.getByLabel('E-Mail-Adresse').fill(users.other);
    await modal.getByRole('button', { name: 'Anmelden' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/a\/data-protection$/);
  });
});

test.describe('top bar and display', () => {
  test('R1.001 R2.038 R7.014 the language switch changes the UI, survives a reload and is stored for the user', async ({ page }) => {
    await login(page, users.partner);
    await expect(page.getByRole('link', { name: 'Verträge' })).toBeVisible();
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await expect(page.getByRole('link', { name: 'Contracts' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Katrin Hoffmann');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Contracts' })).toBeVisible();
    // Stored on the server: a fresh browser signs in and gets English after login.
    const fresh = await page.context().browser()!.newPage();
    await login(fresh, users.partner);
    await expect(fresh.getByRole('link', { name: 'Contracts' })).toBeVisible();
    await fresh.getByRole('button', { name: /Switch language: Deutsch/ }).click();
    await expect(fresh.getByRole('link', { name: 'Verträge' })).toBeVisible();
    await fresh.close();
  });

  test('R2.037 R2.062 R4.009 dark mode and reduced width switch and persist', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await login(page, users.admin);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await openUserMenu(page);
    await page.getByRole('menuitemcheckbox', { name: 'Dunkler Modus' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('menuitemcheckbox', { name: 'Reduzierte Breite' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-container]')).toHaveAttribute('data-container', 'wrapped');
    await expect(page.locator('main')).toHaveClass(/MuiContainer-maxWidthLg/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('main')).toHaveClass(/MuiContainer-maxWidthLg/);
    // Back to normal, so other tests of this user see the defaults.
    await openUserMenu(page);
    await page.getByRole('menuitemcheckbox', { name: 'Reduzierte Breite' }).click();
    await page.getByRole('menuitem', { name: 'Wie Betriebssystem' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('main')).not.toHaveClass(/MuiContainer-maxWidthLg/);
  });

  test('R4.008 dark mode follows the browser preference unless forced', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/a/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('R2.036 R5.003 the partner menu is only for partner managers; others get not found on partner routes', async ({ page }) => {
    await login(page, users.manager);
    await expect(page.getByRole('link', { name: 'Partner' })).toHaveCount(0);
    await page.goto('/a/partner');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });

  test('R1.003 the footer shows support hours and the legal links on every page', async ({ page }) => {
    for (const path of ['/a/login', '/a/unknown/path', '/a/datenschutz']) {
      await page.goto(path);
      const footer = page.locator('footer');
      await expect(footer.getByText('Beratung: Mo–Fr 09:00–18:00 Uhr')).toBeVisible();
      for (const link of ['Wissensdatenbank', 'Impressum', 'Datenschutz', 'AGB', 'SLA', 'Richtlinien'])
        await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
  });
});

test.describe('fallback pages', () => {
  test('R2.034 an unknown path shows not found', async ({ page }) => {
    await page.goto('/a/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });

  test('R2.034 /not-allowed shows permission denied', async ({ page }) => {
    await page.goto('/a/not-allowed');
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible();
  });

  test('R1.005 R2.008 the privacy policy is served in German and English, also under /datenschutz', async ({ page }) => {
    await page.goto('/a/datenschutz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Datenschutz/);
    await expect(page.getByText(/30 Tage/).first()).toBeVisible();
    await page.goto('/a/data-protection');
    await page.getByRole('button', { name: /Sprache wechseln: English/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Privacy/);
    await expect(page.getByText(/30 days/).first()).toBeVisible();
  });
});

test.describe('real time', () => {
  test('R7.018 an event emitted on the server reaches the other open page of the user', async ({ context }) => {
    const first = await context.newPage();
    await first.emulateMedia({ colorScheme: 'light' });
    await login(first, users.other);
    const second = await context.newPage();
    await second.emulateMedia({ colorScheme: 'light' });
    await second.goto('/a/');
    await expect(second.locator('html')).toHaveAttribute('data-realtime', 'connected');
    await expect(first.locator('html')).toHaveAttribute('data-realtime', 'connected');

    await openUserMenu(second);
    await second.getByRole('menuitemcheckbox', { name: 'Dunkler Modus' }).click();
    // The first page did nothing itself: the server's user.updated event switched it.
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(first.getByText('Ihre Einstellungen wurden in einem anderen Fenster geändert und übernommen.')).toBeVisible();
    await second.getByRole('menuitem', { name: 'Wie Betriebssystem' }).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('session lost with a consent banner', () => {
  test('R4.002 a lost session goes to the login page instead of the modal while a consent banner is visible', async ({ page, context }) => {
    await login(page, users.partner);
    await page.goto('/a/orders');
    // The portal has no consent banner of its own yet (no analytics); any element marked as one counts.
    await page.evaluate(() => {
      const banner = document.createElement('div');
      banner.setAttribute('data-consent-banner', '');
      banner.textContent = 'Cookie-Einstellungen';
      document.body.append(banner);
    });
    await context.clearCookies();
    await expect(page).toHaveURL(/\/a\/login$/);
    await expect(page.getByRole('dialog', { name: 'Sitzung abgelaufen' })).toHaveCount(0);
  });
});

test.describe('session timers', () => {
  test('R4.001 R9.002 the login cookie is checked every 1500 ms', async ({ page, context }) => {
    await page.clock.install();
    await login(page, users.manager);
    // The clock waits for the page to hydrate before it pauses; the target is taken after that wait, or a slow
    // hydration (a server-rendered dashboard shows before it is interactive) puts it in the past.
    await untilHydrated(page);
    await page.clock.pauseAt(Date.now() + 1000);
    await context.clearCookies();
    await page.clock.runFor(1500);
    await expect(page.getByRole('dialog', { name: 'Sitzung abgelaufen' })).toBeVisible();
  });

  test('R4.005 R9.003 the session is refreshed after 15 minutes, not before', async ({ page }) => {
    await page.clock.install();
    await login(page, users.admin);
    await untilHydrated(page);
    await page.clock.pauseAt(Date.now() + 1000);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/session/refresh')) refreshes.push(r.method());
    });
    await page.clock.runFor(14 * 60_000);
    expect(refreshes).toEqual([]);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/session/refresh') && r.status() === 200);
    await page.clock.runFor(60_000);
    await refreshed;
    expect(refreshes).toEqual(['POST']);
  });
});

test.describe('outdated browser (issue 31, finding 2)', () => {
  // Real user agents of the three outdated browsers the walk used, and a current one.
  const agents = {
    'Chrome 110': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Safari/537.36',
    'Firefox 115': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
    'Safari 16.6': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15',
  } as const;
  for (const [name, userAgent] of Object.entries(agents)) {
    test(`R9.001 ${name}: the sign-in page and, after signing in, the dashboard show the outdated-browser modal (de, en)`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent });
      const page = await context.newPage();
      // An anonymous visitor of the portal lands on the sign-in page: the modal is there.
      await page.goto('/a/');
      await expect(page).toHaveURL(/\/a\/login$/);
      const dialog = page.getByRole('dialog', { name: 'Ihr Browser ist veraltet' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Chrome 120');
      await expect(dialog).toContainText('Safari 17');
      await dialog.getByRole('button', { name: 'Trotzdem fortfahren' }).click();
      await expect(dialog).toBeHidden();
      // Once dismissed, not again in this browser session; a new session (tab) in English gets it again.
      await page.reload();
      await expect(page.getByLabel(/E-Mail-Adresse/)).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();

      const en = await context.newPage();
      await visitorLanguage(context, 'en');
      await en.goto('/a/login');
      await expect(en.getByRole('dialog', { name: 'Your browser is outdated' })).toBeVisible();
      await en.getByRole('button', { name: 'Continue anyway' }).click();
      await en.close();

      // The signed-in app shows it too: sign in in the first tab, then open the dashboard in a new tab (a new browser session).
      await login(page, users.manager);
      const app = await context.newPage();
      await app.goto('/a/');
      await expect(app.getByRole('dialog', { name: 'Ihr Browser ist veraltet' })).toBeVisible();
      await context.close();
    });
  }

  test('R9.001 a current Chrome gets no outdated-browser modal', async ({ page }) => {
    await page.goto('/a/login');
    await expect(page.getByLabel(/E-Mail-Adresse/)).toBeVisible();
    await login(page, users.manager);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
