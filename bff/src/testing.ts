import { loadConfig, createLogger, TestClock, type Config, type Logger } from '@portal/core/platform';
import { createTestDatabase, type TestDatabase } from '@portal/core/testing';
import { demoPassword } from '@portal/core/seed';
import type { Resolver } from '@portal/core/webhooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pluginRegistry } from './generated/plugins.ts';
import { loadPlugins } from './managed/plugins.ts';
import type { PluginRegistryEntry } from './managed/registry.ts';
import { startServer, type RunningServer } from './server.ts';
import { demoTemplate, fixturesFollowingClock } from './testing/demoTemplate.ts';
import { startMailbox, type Mailbox } from './testing/mailbox.ts';

export interface TestServer extends RunningServer {
  db: TestDatabase;
  clock: TestClock;
  /** A real SMTP server the portal sends its mail to (unless the test passes its own `SMTP_URL`). */
  mailbox: Mailbox;
  /** A client with its own cookie jar, as one browser. */
  client(): TestClient;
  stop(): Promise<void>;
}

/**
 * A real portal on a free port over its own migrated database (PostgreSQL when DATABASE_URL is set,
 * PGlite otherwise), seeded with the demo data. Responses are checked against the contract.
 */
export interface TestServerOptions {
  /** The plugin registry to load instead of the generated one (fixture plugins). */
  plugins?: PluginRegistryEntry[];
  /** The contract to serve instead of the bundled one (with fixture plugins' operations). */
  contract?: Record<string, unknown>;
  /** Seed the plugins' demo fixtures (default true, like the demo data). */
  fixtures?: boolean;
  /**
   * Also seed the fixtures that follow the clock (`fixturesFollowClock`: monitoring's week of history, ≈ 2.5 s per
   * portal) at this portal's clock. Default false: the portal has every other fixture (from the template), and a
   * test that reads such history asks for it (all, or the plugins named; `startPluginPortal` does for its plugin).
   */
  clockFixtures?: boolean | readonly string[];
  /** The built web app to serve (default: frontend/dist). */
  spaDir?: string;
  /** The logger (default: silent); tests that read the logs pass one writing to a stream. */
  logger?: Logger;
  /** Where the server's log lines go (default: nowhere); the secrets-in-logs checks read them. */
  log?: { level: string; destination: NonNullable<NonNullable<Parameters<typeof createLogger>[0]>['destination']> };
  /** How webhook target names are resolved (default: the system's DNS). */
  webhookResolver?: Resolver;
}

export async function createTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const plugins = await loadPlugins(options.plugins ?? pluginRegistry);
  const fixtures = options.fixtures !== false;
  // A data directory of its own: server sandboxes (and their private nginx) must not collide between test files.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  // Migrations, demo data and the plugins' fixtures are the same for every file with this plugin set: they are made
  // once per test run in a template that each file gets a copy of (core/testing, `template`). Fixtures that follow
  // the clock (monitoring's history ends "now") are seeded per file, at the file's clock.
  const db = await createTestDatabase(
    { entities: plugins.entities as NonNullable<Parameters<typeof createTestDatabase>[0]>['entities'], migrations: plugins.migrations },
    {
      dataDir,
      template: demoTemplate(plugins, { fixtures }),
    },
  );
  const mailbox = await startMailbox();
  const config: Config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SMTP_URL: mailbox.url, ...env });
  const clock = new TestClock(new Date());
  const running = await startServer({
    config,
    orm: db.orm,
    clock,
    seed: false,
    logger: options.logger ?? (options.log ? createLogger(options.log) : createLogger({ level: 'silent' })),
    app: { validateResponses: true, contract: options.contract, spaDir: options.spaDir },
    plugins,
    webhookResolver: options.webhookResolver,
  });
  const clockFixtures = options.clockFixtures;
  if (fixtures && clockFixtures)
    await running.managed.seedFixtures(db.orm.em.fork(), (p) => fixturesFollowingClock(p) && (clockFixtures === true || clockFixtures.includes(p.id)));
  return {
    ...running,
    db,
    clock,
    mailbox,
    client: () => new TestClient(running.url),
    async stop() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await mailbox.close();
      await db.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response bodies
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A tiny browser: keeps cookies, sends the CSRF header like the SPA does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('portal_csrf');
    if (csrf && !('X-CSRF-Token' in headers)) h['X-CSRF-Token'] = csrf;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || !value) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = any>(path: string) { // eslint-disable-line @typescript-eslint/no-explicit-any -- see request
    return this.request<T>('GET', path);
  }

  /** Signs in as a demo user (all share the demo password). */
  async login(email: string, password = demoPassword): Promise<TestResponse> {
    return this.request('POST', '/api/v1/session', { email, password });
  }
}

/*
 * For @portal/plugin-sdk/testing, the one place a plugin's tests reach the BFF (docs/plugins.md, Testing):
 * the parts of the host its helpers build on, so the SDK imports nothing of the BFF but this file.
 */
export { loadContract } from './app.ts';
export { LocalGateway, type LocalGatewayOptions } from '@portal/core/managed';
export type { PluginRegistryEntry } from './managed/registry.ts';
