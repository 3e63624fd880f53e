/**
 * Notification centre (issue 13): the bell's badge (9+ above nine), reading by scrolling into view and by
 * "mark all read", and a failed apply that raises the count live in another tab — in German and English.
 */
import { execFileSync } from 'node:child_process';
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { password } from './helpers';
import { resetServerTime, setServerTime } from './testClock';

const texts = {
  de: {
    bell: /^Benachrichtigungen/,
    centre: 'Benachrichtigungen',
    markAll: 'Alle als gelesen markieren',
    failed: /fehlgeschlagen \(ungelesen\)/,
    welcome: /Willkommen/,
  },
  en: { bell: /^Notifications/, centre: 'Notifications', markAll: 'Mark all as read', failed: /failed \(unread\)/, welcome: /Welcome/ },
} as const;
type Lang = keyof typeof texts;

/** Signs in (the login page is German) and switches the language; the second tab shares the session. */
async function login(page: Page, email: string, lang: Lang): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // The user's language is stored on the server: an earlier test may have switched it.
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  const current = await page.evaluate(() => document.documentElement.lang);
  if (current !== lang) {
    await page.getByRole('button', { name: lang === 'en' ? 'Sprache wechseln: English' : 'Switch language: Deutsch' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].welcome })).toBeVisible();
}

/** The ids of web01 of cluster 20011, read from the Managed Center's address after opening it from the dashboard. */
async function shopServer(page: Page): Promise<{ clusterId: number; serverId: number }> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  const [, clusterId, serverId] = /clusters\/(\d+)\/servers\/(\d+)/.exec(page.url())!;
  return { clusterId: Number(clusterId), serverId: Number(serverId) };
}

/**
 * A real apply that fails: a domain whose upstream host does not resolve makes `nginx -t` fail on the
 * (local) server, the job ends failed and the last applied version is restored.
 */
async function failApply(
  context: BrowserContext,
  base: string,
  server: { clusterId: number; serverId: number },
  name: string,
): Promise<void> {
  const csrf = (await context.cookies()).find((c) => c.name === 'portal_csrf')!.value;
  const headers = { 'X-CSRF-Token': csrf };
  const root = `${base}/api/v1/clusters/${server.clusterId}/servers/${server.serverId}/nginx`;
  const created = await context.request.post(`${root}/vhosts`, {
    headers,
    data: { serverNames: [name], documentRoot: 'broken/public', backend: 'upstream', upstream: 'no-such-upstream.invalid:8080' },
  });
  expect(created.status()).toBe(201);
  const applied = await context.request.post(`${root}/apply`, { headers });
  expect(applied.status()).toBe(202);
}

const badge = (page: Page) => page.getByTestId('notification-badge').locator('.MuiBadge-badge');

test.describe.configure({ mode: 'serial' });

for (const [lang, email] of [
  ['de', 'admin@demo.example'],
  ['en', 'manager@demo.example'],
] as const) {
  test(`R2.038 R2.103 R4.006 R4.007 R9.005 notification centre (${lang}): 9+ with ten or more unread, read by scrolling into view, mark all read, a failed apply counts up live in another tab`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    await login(page, email, lang);
    // The ten built-in notices and the sign-in from this (unknown) browser: more than nine.
    await expect(badge(page)).toHaveText('9+');

    await page.getByRole('button', { name: t.bell }).click();
    const centre = page.getByRole('dialog', { name: t.centre });
    await expect(centre).toBeVisible();
    const list = centre.getByTestId('notification-list');
    // The oldest built-in notice (0, no link) is below the fold: unread until scrolled into view.
    const oldest = centre.locator('[data-notice-id="0"]');
    await expect(oldest).toHaveAttribute('data-read', 'unread');
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(oldest).toHaveAttribute('data-read', 'read');
    // A notice with a link is not read by being seen (§4).
    await expect(centre.locator('[data-notice-id="8"]')).toHaveAttribute('data-read', 'unread');

    await centre.getByRole('button', { name: t.markAll }).click();
    await expect(centre.locator('[data-read="unread"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(badge(page)).toBeHidden();

    // The same user in another tab: a failed apply there raises this tab's count at once.
    const server = await shopServer(page);
    const other = await context.newPage();
    await other.goto('/a/');
    await expect(other.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
    await failApply(context, baseURL!, server, `broken-${lang}.mueller-schmidt-shop.example`);
    await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
    await expect(badge(other)).toHaveText('1');
    await page.getByRole('button', { name: t.bell }).click();
    await expect(centre.getByRole('link', { name: t.failed })).toBeVisible();
  });
}

const spotlightTexts = {
  de: {
    title: 'Spotlight-Suche',
    clusters: 'Cluster',
    invoices: 'Rechnungen',
    recent: 'Zuletzt geöffnet',
    action: 'Passwort ändern',
    actions: 'Aktionen',
  },
  en: {
    title: 'Spotlight search',
    clusters: 'Clusters',
    invoices: 'Invoices',
    recent: 'Recently opened',
    action: 'Change password',
    actions: 'Actions',
  },
} as const;

for (const lang of ['de', 'en'] as const) {
  test(`R2.104 spotlight (${lang}): Ctrl+Shift+Space opens it, a cluster found by number and an invoice by number, chosen with the keyboard; recent items; an action in the user's language`, async ({
    page,
  }) => {
    const t = spotlightTexts[lang];
    await login(page, 'manager@demo.example', lang);
    const invoices = await page.request.get('/api/v1/invoices?per_page=1');
    const invoice = (await invoices.json()).data[0] as { id: number; number: string };

    await page.keyboard.press('Control+Shift+Space');
    const palette = page.getByRole('dialog', { name: t.title });
    await expect(palette).toBeVisible();
    const input = palette.getByTestId('spotlight-input');
    await expect(input).toBeFocused();
    await page.keyboard.type('20011');
    const listbox = palette.getByRole('listbox');
    await expect(listbox.getByText(t.clusters, { exact: true })).toBeVisible();
    await expect(listbox.getByRole('option').first()).toContainText('20011');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/a\/contracts\/cluster\/\d+$/);

    // Again: the cluster is a recent item; an invoice by its number, chosen with the arrow keys.
    await page.keyboard.press('Control+Shift+Space');
    await expect(palette.getByRole('listbox').getByText(t.recent)).toBeVisible();
    await expect(palette.getByRole('option').first()).toContainText('20011');
    await page.keyboard.type(invoice.number);
    await expect(listbox.getByText(t.invoices, { exact: true })).toBeVisible();
    const option = listbox.getByRole('option', { name: new RegExp(invoice.number) });
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(option).toHaveClass(/Mui-focused/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/a/invoices/${invoice.id}$`));

    // The search button (touch) opens it too; pages and actions are found in the user's language.
    await page.getByTestId('spotlight-button').click();
    await page.keyboard.type(t.action);
    await expect(listbox.getByText(t.actions, { exact: true })).toBeVisible();
    await listbox.getByRole('option', { name: new RegExp(t.action) }).click();
    await expect(page).toHaveURL(/\/a\/profile\/security$/);
  });
}

const timelineTexts = {
  de: {
    bell: /^Benachrichtigungen/,
    failed: /fehlgeschlagen/,
    title: 'Vorfall-Zeitachse',
    dashboard: 'Zum Server-Dashboard',
    diff: 'Änderung (Diff)',
    failedStatus: /fehlgeschlagen/,
  },
  en: {
    bell: /^Notifications/,
    failed: /failed/,
    title: 'Incident timeline',
    dashboard: 'To the server dashboard',
    diff: 'Change (diff)',
    failedStatus: /failed/,
  },
} as const;

for (const [lang, email, author] of [
  ['de', 'admin@demo.example', 'Jonas Weber'],
  ['en', 'manager@demo.example', 'Anna Berger'],
] as const) {
  test(`R2.024 incident timeline (${lang}): reached from the failed-apply notice, the change with its author, diff and the log excerpt of the failed check; reached from the server dashboard`, async ({
    page,
  }) => {
    const t = timelineTexts[lang];
    await login(page, email, lang);
    await page.getByRole('button', { name: t.bell }).click();
    await page.getByRole('dialog').getByRole('link', { name: t.failed }).first().click();
    await expect(page).toHaveURL(/\/a\/clusters\/\d+\/servers\/\d+\/incidents\?job=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const job = new URL(page.url()).searchParams.get('job')!;
    const change = page.locator(`[data-testid="timeline-change"][data-job-id="${job}"]`);
    await expect(change).toBeVisible();
    await expect(change).toContainText(t.failedStatus);
    await expect(page.getByTestId('incident-timeline')).toContainText(author);
    // The notice's change is opened: what changed, and what the server said about it.
    await expect(change.getByTestId('timeline-diff')).toContainText('no-such-upstream.invalid');
    await expect(change.getByTestId('timeline-log')).toContainText('host not found');

    await page.getByRole('link', { name: t.dashboard }).click();
    await expect(page).toHaveURL(/\/managed\/dashboard$/);
    await page.getByTestId('open-incident-timeline').click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('timeline-change').first()).toBeVisible();
  });
}

/**
 * Seeds a CPU spike into the monitoring history of a server: raw 10-second samples at 95 % from `from` (resolution 10 in `monitoring_stats`)
 * for `minutes` (the 1-hour range reads the raw samples). Straight into the e2e portal's database
 * (`portal_e2e_<port>`, scripts/e2e-server.ts), as the sampler would have stored them.
 */
function seedCpuSpike(serverId: number, from: Date, minutes: number): void {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/portal_e2e_${new URL(test.info().project.use.baseURL!).port}`;
  const start = Math.ceil(from.getTime() / 10_000) * 10_000;
  const figure = (value: number) => ({ avg: value, max: value, n: 1, last: value });
  const stats = JSON.stringify({
    cpu: figure(95),
    load1: figure(3.2),
    load5: figure(2.1),
    load15: figure(1.4),
    cpuCount: figure(8),
    memoryUsed: figure(8589934592),
    memoryTotal: figure(17179869184),
    diskUsed: figure(40000000000),
    diskTotal: figure(100000000000),
    rx: figure(1000000),
    tx: figure(2000000),
  });
  const rows = Array.from({ length: minutes * 6 }, (_, i) => {
    const bucket = new Date(start + i * 10_000).toISOString();
    return `(${serverId}, 10, '${bucket}', 1, '${stats}'::jsonb)`;
  });
  // The stats family's table (plugins/monitoring/server/stats.ts): raw samples have the resolution 10 s.
  const sql = `insert into monitoring_stats (server_id, resolution, bucket, samples, stats) values ${rows.join(', ')} on conflict (server_id, resolution, bucket) do update set stats = excluded.stats`;
  execFileSync('psql', [url.toString(), '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql]);
}

const spikeTexts = {
  de: {
    title: 'Vorfall-Zeitachse',
    alert: 'CPU bei 95 % (Schwelle 80 %)',
    cause: (name: string) => `2 Minuten nach einer Änderung an nginx von ${name}.`,
    showChange: 'Änderung ansehen',
  },
  en: {
    title: 'Incident timeline',
    alert: 'CPU at 95 % (threshold 80 %)',
    cause: (name: string) => `2 minutes after a change to nginx by ${name}.`,
    showChange: 'Show the change',
  },
} as const;

for (const [lang, email, author, minutesAgo] of [
  ['de', 'admin@demo.example', 'Jonas Weber', 50],
  ['en', 'manager@demo.example', 'Anna Berger', 25],
] as const) {
  test(`R2.024 incident timeline (${lang}): a CPU spike in the monitoring history shows next to the nginx change made two minutes before it, with its author (test clock + seeded samples)`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.skip(!process.env.DATABASE_URL, 'seeds the monitoring samples into PostgreSQL');
    const t = spikeTexts[lang];
    await login(page, email, lang);
    const server = await shopServer(page);
    // The change, made through the API "minutes ago" on the portal's test clock …
    const csrf = (await context.cookies()).find((c) => c.name === 'portal_csrf')!.value;
    const serverPath = `${baseURL}/api/v1/clusters/${server.clusterId}/servers/${server.serverId}`;
    const root = `${serverPath}/nginx`;
    const name = `spike-${lang}-${Date.now()}.example`;
    setServerTime(new Date(Date.now() - minutesAgo * 60_000));
    try {
      const created = await context.request.post(`${root}/vhosts`, {
        headers: { 'X-CSRF-Token': csrf },
        data: { serverNames: [name], documentRoot: `${name}/public`, backend: 'static' },
      });
      expect(created.status()).toBe(201);
      expect((await context.request.post(`${root}/apply`, { headers: { 'X-CSRF-Token': csrf } })).status()).toBe(202);
    } finally {
      resetServerTime();
    }
    // … and four minutes of CPU at 95 % starting two minutes after the change was recorded.
    const changes = (await (await context.request.get(`${serverPath}/managed/changes`)).json()) as {
      data: { createdAt: string; summary: unknown }[];
    };
    const change = changes.data.find((c) => JSON.stringify(c.summary).includes(name))!;
    expect(Date.now() - Date.parse(change.createdAt)).toBeGreaterThan((minutesAgo - 5) * 60_000);
    seedCpuSpike(server.serverId, new Date(Date.parse(change.createdAt) + 2 * 60_000), 4);

    await page.goto(`/a/clusters/${server.clusterId}/servers/${server.serverId}/incidents`);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const alert = page.getByTestId('timeline-alert').filter({ hasText: t.cause(author) });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute('data-metric', 'cpu');
    await expect(alert.getByRole('heading')).toHaveText(t.alert);
    // The cause links to the change in the same timeline, with its author.
    await alert.getByRole('link', { name: t.showChange }).click();
    const changeId = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`[id="${changeId}"]`)).toContainText(author);
  });
}
