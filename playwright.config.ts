import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { PortalOptions } from '@portal/plugin-sdk/testing/e2e';

/**
 * End-to-end tests in Debian's Chromium against the real portal (built SPA, BFF, database).
 * Every spec file gets its own portal on its own port with its own freshly seeded database, so a
 * test that changes a demo user (password, language, roles) cannot break another file's tests; the portal
 * runs only while its file does (@portal/plugin-sdk/testing/e2e).
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);

const specDirs = ['frontend/e2e', ...fs.readdirSync('plugins').map((p) => path.join('plugins', p, 'e2e'))].filter((d) => fs.existsSync(d));
const specs = specDirs.flatMap((d) =>
  fs
    .readdirSync(d)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()
    .map((f) => path.join(d, f)),
)
  // E2E_SPECS=a.spec.ts,b.spec.ts runs (and starts portals for) only those files, for work on one screen
  .filter((spec) => !process.env.E2E_SPECS || process.env.E2E_SPECS.split(',').some((name) => spec.endsWith(name.trim())));

export default defineConfig<object, PortalOptions>({
  testDir: '.',
  // A template directory for the run (PORTAL_TEST_TEMPLATES, inherited by the workers and their portals): every
  // spec file's portal gets a copy of one database migrated and seeded once (scripts/e2e-server.ts), as Jest's files do.
  globalSetup: './core/testing/jestGlobalSetup.js',
  globalTeardown: './core/testing/jestGlobalTeardown.js',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // The portal honours "reduce motion" (no transitions, ripples or skeleton waves): the browser then
    // has no animation frames to render and no element to wait for until it stops moving.
    reducedMotion: 'reduce',
    // Only a retry records a trace: recording one for every test (retain-on-failure) made Chromium encode a
    // screencast of every step, a third of the browser's CPU time in the suite.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's chromium-headless-shell: the headless build without the full browser's GPU process and UI,
      // about half the CPU time of `chromium --headless` for the same tests (docs/decisions.md).
      executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: specs.map((spec, i) => ({
    name: path.basename(spec, '.spec.ts'),
    testMatch: spec,
    // The portal of the file is started by its worker (@portal/plugin-sdk/testing/e2e) on this port;
    // demo.spec.ts (that file, not a plugin's `<id>-demo.spec.ts`) gets it in demo mode (issue 13), every other spec a normal one.
    use: {
      baseURL: `http://localhost:${basePort + i}`,
      portalEnv: (path.basename(spec) === 'demo.spec.ts' ? { DEMO: '1', DEMO_SESSION_LIMIT: '1000', DEMO_CONTACT_EMAIL: 'sales@demo-e2e.example' } : {}) as Record<string, string>,
    },
  })),
});
