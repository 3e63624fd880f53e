import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { waitForHydration } from './hydration.ts';

/**
 * The `test` of every e2e spec (the portal's in frontend/e2e and every plugin's, through
 * `@portal/plugin-sdk/testing/e2e`): the portal a spec file runs against is started by its worker, just before
 * the file's first test, and stopped after its last (a worker-scoped auto fixture; every spec file is a
 * project of its own, so a worker serves one file). Started all at once by Playwright's `webServer`, the
 * ~30 portals of a run sat idle for most of it and together took a third of a core (job polling, timers,
 * PostgreSQL connections), and their start delayed the first test by minutes (docs/decisions.md).
 * The port stays the project's (`use.baseURL` in playwright.config.ts): mailbox and test clock find the
 * portal's data directory by it.
 */
export interface PortalOptions {
  /** Environment of the file's portal besides the defaults of scripts/e2e-server.ts (demo mode, say). */
  portalEnv: Record<string, string>;
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntil(ok: () => Promise<boolean>, timeoutMs: number, what: string, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the portal exited with code ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${what}: timed out after ${timeoutMs} ms`);
    await sleep(200);
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });

export const test = base.extend<object, PortalOptions & { portal: string; hydration: void }>({
  portalEnv: [{}, { option: true, scope: 'worker' }],
  portal: [
    async ({ portalEnv }, use, workerInfo) => {
      const url = workerInfo.project.use.baseURL;
      if (!url) throw new Error(`project ${workerInfo.project.name} has no baseURL`);
      const port = Number(new URL(url).port);
      // A worker that replaces a failed one may start while the old one still stops its portal.
      await waitUntil(() => portFree(port), 30_000, `port ${port} still in use`);
      fs.mkdirSync('data', { recursive: true });
      // The portal's log (warnings and errors) goes to data/e2e-<port>.log, for the failures of a run.
      const log = fs.openSync(path.join('data', `e2e-${port}.log`), 'w');
      const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
        env: { ...process.env, E2E_PORT: String(port), ...portalEnv },
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      try {
        await waitUntil(
          async () => {
            try {
              return (await fetch(`${url}/api/ready`)).ok;
            } catch {
              return false;
            }
          },
          180_000,
          `portal for ${workerInfo.project.name} on port ${port}`,
          child,
        );
        await use(url);
      } finally {
        await stop(child);
      }
    },
    { scope: 'worker', auto: true, timeout: 200_000 },
  ],
  // Every spec acts only on a hydrated page: actions wait for `<html data-hydrated>` after each document load (./hydration.ts).
  hydration: [
    async ({ browser }, use) => {
      waitForHydration(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

export { expect };
