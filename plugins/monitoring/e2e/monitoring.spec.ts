/**
 * The monitoring section in the browser, in German and English: open it from the dashboard, see the
 * real figures of this machine arrive live (a first measurement at once, the next one pushed over
 * socket.io), the history of the demo server as charts, switch 1 h / 24 h / 7 d, the table view,
 * the services. Read-only: there is nothing to create, apply or roll back here.
 */
import { type Page } from '@playwright/test';
import { expect, test, journeyLanguages } from '@portal/plugin-sdk/testing/e2e';

const password = 'Demo-Portal-2026';
const shots = process.env.MONITORING_SHOTS; // a directory: screenshots of the section (light and dark) for review

const texts = {
  de: {
    login: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', welcome: /Willkommen/ },
    section: 'Monitoring',
    live: 'Live',
    measuredAt: /^gemessen um \d\d:\d\d:\d\d$/,
    percent: /^\d{1,3}(,\d)?\s%$/,
    usage: /[\d,]+ GiB von [\d,]+ GiB/,
    ranges: { '1h': 'Letzte Stunde', '24h': 'Letzte 24 Stunden', '7d': 'Letzte 7 Tage' },
    hints: {
      '1h': 'Alle 10 Sekunden ein Messwert',
      '24h': 'Durchschnitt und Maximum je Minute.',
      '7d': 'Durchschnitt und Maximum je 10 Minuten.',
    },
    summary: /^Ø .+ · max\. .+$/,
    cpuChart: 'CPU-Auslastung',
    cpuTrend: /^CPU-Auslastung: \d{1,3}\s%$/,
    asTable: 'Als Tabelle',
    caption: 'Letzte 7 Tage: Durchschnitt (Maximum) je Zeitabschnitt, neueste zuerst',
    weekday: /^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. \w+\.?,? \d\d:\d\d$/,
    services: 'Dienste',
    unknown: 'unbekannt',
    language: /Deutsch/,
  },
  en: {
    login: { email: 'E-mail address', password: 'Password', submit: 'Log in', welcome: /Welcome/ },
    section: 'Monitoring',
    live: 'Live',
    measuredAt: /^measured at \d\d:\d\d:\d\d\s?(AM|PM)?$/,
    percent: /^\d{1,3}(\.\d)?%$/,
    usage: /[\d.]+ GiB of [\d.]+ GiB/,
    ranges: { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' },
    hints: {
      '1h': 'One measurement every 10 seconds',
      '24h': 'Average and maximum per minute.',
      '7d': 'Average and maximum per 10 minutes.',
    },
    summary: /^avg .+ · max .+$/,
    cpuChart: 'CPU usage',
    cpuTrend: /^CPU usage: \d{1,3}%$/,
    asTable: 'As a table',
    caption: 'Last 7 days: average (maximum) per interval, newest first',
    weekday: /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \w+ \d{1,2}, \d\d:\d\d\s?(AM|PM)$/,
    services: 'Services',
    unknown: 'unknown',
    language: /English/,
  },
} as const;

type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = texts.de.login;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page
    .getByLabel(new RegExp(`^${t.password}`))
    .first()
    .fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
  if (lang === 'en') {
    await page.getByRole('button', { name: texts.en.language }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.en.login.welcome })).toBeVisible();
  }
}

/** The monitoring section of web01 of cluster 20011, opened from the dashboard like a user would. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  // The dashboard's monitoring card (its chunk loads with the other sections' cards): the last hour of CPU and memory.
  const card = page.getByTestId('monitoring-dashboard-card');
  await expect(card.getByRole('img', { name: texts[lang].cpuTrend })).toBeVisible({ timeout: 20_000 });
  await shot(page, `${lang}-dashboard`);
  await page.getByRole('link', { name: texts[lang].section, exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/monitoring$/);
  await expect(page.getByTestId('monitoring-page')).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/monitoring-${name}.png`, fullPage: true });
}

for (const lang of journeyLanguages('en')) {
  test(`R2.026 monitoring (${lang}): live figures of the real host arrive, history charts, 1 h / 24 h / 7 d, table view, services`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    await login(page, lang);
    await openSection(page, lang);

    // The first measurement comes at once: real figures of this machine.
    const status = page.getByTestId('live-status');
    await expect(status).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
    await expect(status).toHaveText(t.live);
    const measuredAt = page.getByTestId('live-measured-at');
    await expect(measuredAt).toHaveText(t.measuredAt);
    await expect(page.getByTestId('figure-memory-value')).toHaveText(t.percent);
    await expect(page.getByTestId('figure-memory')).toContainText(t.usage);
    await expect(page.getByTestId('figure-cpu-value')).toHaveText(t.percent);
    await expect(page.getByTestId('figure-load-value')).toHaveText(/^\d+[.,]\d\d$/);

    // The next one is pushed over the real-time channel within an interval (10 s).
    const first = await measuredAt.textContent();
    await expect(measuredAt).not.toHaveText(first!, { timeout: 20_000 });

    // The last hour: the demo history and the live samples, in one chart per metric.
    await expect(page.getByText(t.hints['1h'])).toBeVisible();
    const cpu = page.getByTestId('chart-cpu');
    await expect(cpu.getByRole('heading', { name: t.cpuChart })).toBeVisible();
    await expect(cpu.locator('svg path.MuiLineChart-line[data-series="cpu-avg"]')).toBeVisible();
    await expect(cpu.getByTestId('chart-cpu-summary')).toHaveText(t.summary);
    await expect(page.getByTestId('service-list').getByRole('heading', { name: t.services })).toBeVisible();
    await expect(page.locator('[data-testid="service"][data-service="nginx"]')).toBeVisible();
    await expect(page.locator('[data-testid="service"][data-service="php-fpm"]')).toContainText(t.unknown);
    await shot(page, `${lang}-1h`);

    // 24 hours: averages and maxima per minute.
    await page.getByRole('button', { name: t.ranges['24h'] }).click();
    await expect(page).toHaveURL(/range=24h/);
    await expect(page.getByRole('button', { name: t.ranges['24h'] })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(t.hints['24h'])).toBeVisible();
    // A day of minutes is drawn once it arrived (the machine running the tests may be slow).
    await expect(cpu.locator('svg path.MuiLineChart-line[data-series="cpu-max"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('chart-memory').locator('svg path.MuiLineChart-line[data-series="memory-avg"]')).toBeVisible();
    await shot(page, `${lang}-24h`);

    // 7 days, and the same values as a table.
    await page.getByRole('button', { name: t.ranges['7d'] }).click();
    await expect(page).toHaveURL(/range=7d/);
    await expect(page.getByText(t.hints['7d'])).toBeVisible();
    await expect(cpu.locator('svg path.MuiLineChart-line[data-series="cpu-max"]')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel(t.asTable).click();
    await expect(page.getByLabel(t.asTable)).toBeChecked();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByTestId('metrics-table');
    await expect(table.locator('caption')).toHaveText(t.caption);
    await expect(table.locator('tbody tr')).toHaveCount(25);
    await expect(table.locator('tbody tr').first().locator('th')).toHaveText(t.weekday);
    await shot(page, `${lang}-7d-table`);

    // Back to the charts of the last hour; live values keep coming.
    await page.getByLabel(t.asTable).click();
    await expect(page.getByLabel(t.asTable)).not.toBeChecked();
    await page.getByRole('button', { name: t.ranges['1h'] }).click();
    await expect(page).not.toHaveURL(/range=/);
    await expect(cpu.locator('svg path.MuiLineChart-line[data-series="cpu-avg"]')).toBeVisible();

    if (shots) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `${lang}-1h-dark`);
    }
  });
}
