/**
 * Lighthouse scores of the built web app (issue 14, "Web app"): performance and accessibility of the
 * login page, the dashboard (signed in as the demo manager) and one Managed Center section (nginx of
 * web01, signed in as the demo cluster administrator), each with Lighthouse's default mobile settings
 * (simulated slow 4G, 4× CPU slowdown) and its desktop preset. Targets: performance ≥ 95, accessibility = 100.
 *
 * Needs the built web app (`npm run build` → frontend/dist) and Chromium (/usr/bin/chromium, or CHROME_PATH).
 * The portal is a real one (createTestServer: PGlite, or PostgreSQL with DATABASE_URL) serving frontend/dist.
 *
 *   npm run build && npm run bench:lighthouse
 *   LIGHTHOUSE_JSON=/tmp/lh npm run bench:lighthouse     # also writes every report as JSON there
 *   LIGHTHOUSE_PAGES=dashboard,invoices npm run bench:lighthouse   # only these pages
 *   LIGHTHOUSE_SSR=off npm run bench:lighthouse          # the same build rendered by the browser alone (issue 29's "before")
 *   CHROME_PATH=/path/to/chrome npm run bench:lighthouse  # another Chromium
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createTestServer } from '../bff/src/testing.ts';

const dist = new URL('../frontend/dist/index.html', import.meta.url);
if (!fs.existsSync(dist)) {
  console.error('frontend/dist is missing: run `npm run build` first');
  process.exit(2);
}
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const jsonDir = process.env.LIGHTHOUSE_JSON;

// Issue 29: the pages server-rendered (SERVER_RENDERING) unless LIGHTHOUSE_SSR=off.
const portal = await createTestServer(process.env.LIGHTHOUSE_SSR === 'off' ? {} : { SERVER_RENDERING: '1' });
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failures = 0;
try {
  const base = portal.url.replace('localhost', '127.0.0.1');
  const cookieOf = async (email: string) => {
    const client = portal.client();
    const login = await client.login(email);
    if (login.status >= 300) throw new Error(`login of ${email} failed: ${login.status}`);
    return [...client.cookies].map(([name, value]) => ({ name, value }));
  };
  // The session goes into the browser's cookie jar (Lighthouse keeps it: disableStorageReset), as after a sign-in.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const signIn = async (cookies: { name: string; value: string }[]) => {
    const tab = await browser.newPage();
    await tab.deleteCookie(...(await tab.cookies(base)));
    if (cookies.length) await tab.setCookie(...cookies.map((c) => ({ ...c, url: base })));
    await tab.close();
  };
  const [web] = await portal.db.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number; cluster_id: number }[]>(`select id, cluster_id from servers where name like 'web01.%' order by id limit 1`);
  const pages: { name: string; url: string; cookie: { name: string; value: string }[] }[] = [
    { name: 'login', url: `${base}/a/login`, cookie: [] },
    { name: 'dashboard', url: `${base}/a/`, cookie: await cookieOf('manager@demo.example') },
    { name: 'invoices', url: `${base}/a/invoices`, cookie: await cookieOf('manager@demo.example') },
    { name: 'contracts', url: `${base}/a/contracts`, cookie: await cookieOf('manager@demo.example') },
    {
      name: 'managed nginx',
      url: `${base}/a/clusters/${web.cluster_id}/servers/${web.id}/managed/nginx`,
      cookie: await cookieOf('admin@demo.example'),
    },
  ].filter((p) => !only || only.includes(p.name));
  console.log(
    `Lighthouse against ${base} (Chromium ${chromePath}); 2 CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const rows: string[][] = [
    ['page', 'form factor', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'accessibility findings'],
  ];
  for (const page of pages) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      await signIn(page.cookie);
      const result = await lighthouse(
        page.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
      const { lhr } = result;
      if (jsonDir) {
        fs.mkdirSync(jsonDir, { recursive: true });
        fs.writeFileSync(path.join(jsonDir, `${page.name.replace(/\W+/g, '-')}-${formFactor}.json`), JSON.stringify(lhr));
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const findings = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .map((a) => a.id);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.startsWith(page.url))
        console.log(`note: ${page.name} ended at ${lhr.finalDisplayedUrl}`);
      if (lhr.runtimeError) console.log(`note: ${page.name} (${formFactor}): ${lhr.runtimeError.message}`);
      const performance = score('performance');
      const accessibility = score('accessibility');
      if (performance < 95 || accessibility < 100) failures++;
      rows.push([
        page.name,
        formFactor,
        String(performance),
        String(accessibility),
        audit('first-contentful-paint').toFixed(0),
        audit('largest-contentful-paint').toFixed(0),
        audit('total-blocking-time').toFixed(0),
        audit('cumulative-layout-shift').toFixed(3),
        findings.join(', ') || '—',
      ]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => c.padEnd(widths[j])).join('  '));
    if (i === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
  console.log(
    `\ntargets: performance ≥ 95, accessibility = 100 — ${failures ? `${failures} page/form-factor runs below` : 'all met'}; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await browser.disconnect();
} finally {
  chrome.kill();
  await portal.stop();
}
process.exitCode = failures ? 1 : 0;
