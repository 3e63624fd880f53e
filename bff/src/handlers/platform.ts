import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DomainError } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { reportingTags } from '../http/error-reporting.ts';
import { defineHandlers } from '../openapi/handlers.ts';

/** Whether the database answers `select 1` within two seconds (a dead proxy must not hang the probe). */
async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)));
  try {
    return await Promise.race([deps.orm.isConnected().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let changelog: string | undefined;
/** `openapi/CHANGELOG.md`, read once: it is part of the release, like the bundled contract. */
export const apiChangelog = (): string =>
  (changelog ??= fs.readFileSync(fileURLToPath(new URL('../../../openapi/CHANGELOG.md', import.meta.url)), 'utf8'));

export interface PluginHealth {
  id: string;
  status: 'ok' | 'degraded';
  error?: string;
}

/** Health and readiness; `plugins` and `shuttingDown` are read at call time. */
export const platformHandlers = (state: { plugins: () => PluginHealth[]; shuttingDown: () => boolean }) =>
  defineHandlers({
    getHealth: async ({ deps }) => {
      const plugins = state.plugins();
      const database = (await databaseAnswers(deps)) ? 'up' : 'down';
      return { status: database === 'down' || plugins.some((p) => p.status === 'degraded') ? 'degraded' : 'ok', database, plugins };
    },
    getReadiness: async ({ deps }) => {
      if (state.shuttingDown()) throw new DomainError('unavailable', 'errors.shutting_down');
      if (deps.config.MAINTENANCE) throw new DomainError('maintenance', 'errors.maintenance');
      const ok = await databaseAnswers(deps);
      if (!ok) throw new DomainError('unavailable', 'errors.database_unavailable');
      return { status: 'ready' };
    },
    /** Issue 30: the contract's changelog, as Markdown (not a JSON answer, hence the cast). */
    getApiChangelog: ({ koa }) => {
      koa.type = 'text/markdown; charset=utf-8';
      return apiChangelog() as never;
    },
    /** Issue 31: error reporting and analytics are configured at run time, not baked into the build. */
    getClientConfig: ({ deps }) => ({
      ...(deps.config.SENTRY_DSN ? { errorReporting: { dsn: deps.config.SENTRY_DSN, ...reportingTags(deps.config) } } : {}),
      ...(deps.config.ANALYTICS_URL ? { analytics: { url: deps.config.ANALYTICS_URL } } : {}),
    }),
  });
