import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';

const securityAdmin = 'security@demo.example';

/** Opens a server's Managed Center from the dashboard row of its cluster. */
async function openFromDashboard(page: Page, cluster: string, server: RegExp): Promise<void> {
  await page.locator(`tr[data-cluster="${cluster}"]`).getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: server }).click();
}

test.describe('Managed Center', () => {
  test('R2.024 R6.004 an administrator opens the Managed Center from the dashboard: server, role, services, live figures; switches server', async ({ page }) => {
    await login(page, users.admin);
    await openFromDashboard(page, '20011', /^lb01\.c20011/);
    await expect(page).toHaveURL(/\/a\/clusters\/\d+\/servers\/\d+\/managed\/dashboard$/);
    await expect(page.getByTestId('managed-title')).toHaveText('lb01.c20011.managed-hosting.example');
    await expect(page).toHaveTitle(/Dashboard – lb01\.c20011/);

    const crumbs = page.getByTestId('managed-breadcrumbs');
    await expect(crumbs).toContainText('Dashboard');
    await expect(crumbs).toContainText('Onlineshop Produktion (20011)');
    await expect(crumbs).toContainText('lb01.c20011.managed-hosting.example');

    const card = page.getByTestId('managed-server-card');
    await expect(card.getByTestId('server-name')).toHaveText('lb01.c20011.managed-hosting.example');
    await expect(card.getByTestId('server-role')).toHaveText('Loadbalancer');
    for (const service of ['nginx', 'varnish', 'dns', 'ssh', 'monitoring']) await expect(card.locator(`[data-service="${service}"]`)).toBeVisible();

    const metrics = page.getByTestId('managed-metrics');
    await expect(metrics.getByTestId('metric-load')).toContainText('Last (1, 5, 15 Minuten)');
    await expect(metrics.getByTestId('metric-memory')).toContainText(/\d+(,\d)? GB von \d+(,\d)? GB \(\d+ %\)/);
    await expect(metrics.getByTestId('metric-disk')).toContainText(/ von /);
    // The real-time channel joins the server's room: figures arrive live.
    await expect(metrics.getByTestId('metrics-mode')).toHaveText('live');
    await expect(page.getByTestId('managed-recent-changes')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Bereiche dieses Servers' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // Switch to the first web server of the cluster.
    const before = page.url();
    await page.getByTestId('server-switcher').click();
    await page.getByRole('option', { name: /^web01\.c20011/ }).click();
    await expect(page).not.toHaveURL(before);
    await expect(page).toHaveURL(/\/managed\/dashboard$/);
    await expect(page.getByTestId('managed-title')).toHaveText('web01.c20011.managed-hosting.example');
    await expect(page.getByTestId('server-role')).toHaveText('Webserver');
    await expect(page.getByTestId('server-services').locator('[data-service="php-fpm"]')).toBeVisible();
    await expect(page.getByTestId('managed-metrics').getByTestId('metrics-mode')).toHaveText('live');

    // Breadcrumb back to the portal's dashboard.
    await page.getByTestId('managed-breadcrumbs').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Willkommen/ })).toBeVisible();
  });

  test('R2.024 the Managed Center in English', async ({ page }) => {
    await login(page, users.admin);
    await page.getByRole('button', { name: /English/ }).click();
    await openFromDashboard(page, '20011', /^db01\.c20011/);
    await expect(page.getByTestId('server-role')).toHaveText('Database server');
    await expect(page.getByTestId('managed-metrics')).toContainText('Load (1, 5, 15 minutes)');
    await expect(page.getByRole('navigation', { name: 'Sections of this server' })).toBeVisible();
    await expect(page.getByTestId('managed-recent-changes')).toContainText('Recent changes');
    await page.getByRole('button', { name: /Deutsch/ }).click();
  });

  test('R2.034 R6.004 a manager without the administrator role is not offered the Managed Center; its address sends them to "Permission denied" with the reason', async ({ page }) => {
    await login(page, users.manager);
    // The dashboard says why instead of offering a menu that ends on a 403 (issue 31, finding 5).
    const row = page.locator('tr[data-cluster="20012"]');
    await expect(row.getByText('Nur für Administratoren des Clusters')).toBeVisible();
    await expect(row.getByTestId('open-managed')).toHaveCount(0);
    const list = await (await page.request.get('/api/v1/clusters?search=20012')).json();
    const detail = await (await page.request.get(`/api/v1/clusters/${list.data[0].id}`)).json();
    await page.goto(`/a/clusters/${list.data[0].id}/servers/${detail.servers[0].id}/managed/dashboard`);
    await expect(page).toHaveURL(/\/a\/not-allowed$/);
    await expect(page.getByText('Nur Administratoren dieses Clusters können das Managed Center nutzen.')).toBeVisible();
  });

  test('R2.034 R4.024 a cluster that requires two-factor authentication refuses an administrator without it, saying so', async ({ page }) => {
    await login(page, securityAdmin);
    await openFromDashboard(page, '20041', /^web01\.c20041/);
    await expect(page).toHaveURL(/\/a\/not-allowed$/);
    await expect(page.getByText(/Dieser Cluster erfordert die Zwei-Faktor-Authentifizierung/)).toBeVisible();
  });

  test('an unknown server of the cluster shows "Page not found"', async ({ page }) => {
    await login(page, users.admin);
    const list = await (await page.request.get('/api/v1/clusters?search=20011')).json();
    await page.goto(`/a/clusters/${list.data[0].id}/servers/999999/managed/dashboard`);
    await expect(page.getByText('404')).toBeVisible();
  });

  test('R8.005 a module of §2 the portal does not offer yet says "This feature is not yet available."; an unknown section says it does not exist', async ({ page }) => {
    await login(page, users.admin);
    const list = await (await page.request.get('/api/v1/clusters?search=20011')).json();
    const cluster = list.data[0].id as number;
    const detail = await (await page.request.get(`/api/v1/clusters/${cluster}`)).json();
    const base = `/a/clusters/${cluster}/servers/${detail.servers[0].id}/managed`;
    await page.goto(`${base}/tomcat`);
    await expect(page.getByTestId('section-not-yet-available')).toHaveText('Diese Funktion ist noch nicht verfügbar.');
    await page.goto(`${base}/no-such-module`);
    await expect(page.getByTestId('section-not-found')).toBeVisible();
  });
});
