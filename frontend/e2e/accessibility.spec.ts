import { expect, test } from './fixtures';
import { guestContext, waitForScreen } from './a11y';
import { defineAxePasses, Sessions } from './a11yPasses';
import { users } from './helpers';
import { routePatterns } from './routeList';
import { routeSamples, sampleOf } from './routeSamples';

/**
 * Issue 15: every route of the router (and every Managed Center plugin route) and the main dialogs,
 * scanned with axe-core in de + light, and at 375 × 812 no route scrolls sideways; en + dark is
 * accessibility-dark.spec.ts (docs/decisions.md, "Accessibility checks"). Plus the announcements of §8.
 */

test('R15 every route of the router and of the Managed Center plugins has a sample URL for the checks', () => {
  const patterns = routePatterns();
  expect(patterns.length).toBeGreaterThan(40);
  const missing = patterns.filter((p) => !sampleOf(p));
  expect(missing, 'add these routes to frontend/e2e/routeSamples.ts').toEqual([]);
  const stale = Object.keys(routeSamples).filter((p) => !patterns.includes(p));
  expect(stale, 'these samples name no route any more').toEqual([]);
});

defineAxePasses('de', 'light');

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
    // What the page fetches at its first idle moment (socket.io, the lost-session form, the other translations)
    // is there before the deployment: otherwise that fetch fails first and the dialog covers the navigation.
    // (The dashboard polls, so the network is never idle: wait until no asset arrived for a second.)
    await page.evaluate(async () => {
      const assets = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/a/assets/')).length;
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 }));
      for (let before = -1; before !== assets(); ) {
        before = assets();
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    });
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
