/**
 * Error reporting of the web app (issue 31; §7 R7.019, §8 R8.033, R8.034). Small and in the main bundle: it
 * keeps what happens before the SDK is there and decides what is reported. The official SDK (`@sentry/react`)
 * is fetched only when the server's run-time configuration (`GET /api/v1/client-config`) names a DSN
 * (`./sentryReporter`, its own chunk); without one nothing is loaded and nothing is sent. The lean sign-in
 * page never imports this module.
 */

/** §8 R8.034: never reported. */
export const ignoredStatuses: ReadonlySet<number> = new Set([401, 403, 404, 422]);

export interface ReportContext {
  /** The HTTP status of a failed call, if the error is one. */
  status?: number;
  /** Where it happened (e.g. `profile.update.merge`, an endpoint name). */
  tags?: Record<string, string>;
}

/** What the lazily loaded SDK offers this module. */
export interface Reporter {
  capture(error: unknown, context: ReportContext): void;
  setUser(id: number | null): void;
}

export interface ErrorReportingConfig {
  dsn: string;
  release: string;
  environment: string;
}

let reporter: Reporter | undefined;
/** Until the configuration is known, reports wait here (at most 20); `undefined` once reporting is off. */
let pending: { error: unknown; context: ReportContext }[] | undefined = [];
let userId: number | null = null;

/** Reports an error, unless its status is one of {@link ignoredStatuses}. */
export function reportError(error: unknown, context: ReportContext = {}): void {
  if (context.status !== undefined && ignoredStatuses.has(context.status)) return;
  if (reporter) reporter.capture(error, context);
  else if (pending && pending.length < 20) pending.push({ error, context });
}

/** The signed-in user's id, the only personal datum a report carries (`null` after sign-out). */
export function setReportingUser(id: number | null): void {
  userId = id;
  reporter?.setUser(id);
}

/** Starts reporting with `config`, or switches it off for good (no DSN configured): queued reports are dropped. */
export async function startErrorReporting(config: ErrorReportingConfig | undefined, load: () => Promise<{ createReporter(c: ErrorReportingConfig): Reporter }> = () => import('./sentryReporter')): Promise<void> {
  if (!config) {
    pending = undefined;
    return;
  }
  const { createReporter } = await load();
  reporter = createReporter(config);
  reporter.setUser(userId);
  const queued = pending ?? [];
  pending = undefined;
  for (const { error, context } of queued) reporter.capture(error, context);
}

/** Uncaught errors and unhandled rejections of the page, from the start (the SDK's own global handlers stay off). */
export function listenForUncaughtErrors(target: Window = window): void {
  target.addEventListener('error', (e) => {
    if (e.error) reportError(e.error, { tags: { mechanism: 'onerror' } });
  });
  target.addEventListener('unhandledrejection', (e) => reportError(e.reason, { tags: { mechanism: 'onunhandledrejection' } }));
}

/** For tests: back to the state of a fresh page. */
export function resetErrorReporting(): void {
  reporter = undefined;
  pending = [];
  userId = null;
}
