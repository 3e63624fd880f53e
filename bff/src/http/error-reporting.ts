import { createRequire } from 'node:module';
import { dedupeIntegration, defaultStackParser, eventFiltersIntegration, linkedErrorsIntegration, makeNodeTransport, NodeClient, Scope, type ErrorEvent } from '@sentry/node';
import { redactSecrets, type Config, type Logger } from '@portal/core/platform';

/** §8 R8.034: error reporting ignores these status codes (the web app applies the same list). */
export const ignoredStatuses: ReadonlySet<number> = new Set([401, 403, 404, 422]);

/** What a reported error is tagged with; nothing else of the request is sent (no body, headers, cookies, address). */
export interface ErrorContext {
  /** The status the request was answered with. */
  status: number;
  /** The signed-in user: the only personal datum a report carries (§7 R7.019). */
  userId?: number;
  requestId?: string;
  /** The contract operation (never the concrete path: public invoice links carry tokens in it). */
  operationId?: string;
  method?: string;
  /** The deliberate test error of the department `TEST_SENTRY` (§5 R5.042). */
  testError?: boolean;
}

export interface ErrorReporter {
  readonly enabled: boolean;
  capture(error: unknown, context: ErrorContext): void;
  /** Waits until queued reports are sent (at most `timeoutMs`). */
  flush(timeoutMs?: number): Promise<boolean>;
  close(timeoutMs?: number): Promise<void>;
}

export const noErrorReporting: ErrorReporter = { enabled: false, capture: () => {}, flush: async () => true, close: async () => {} };

const bffVersion = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** The release and environment tags (the web app reports with the same ones, from `getClientConfig`). */
export function reportingTags(config: Config): { release: string; environment: string } {
  return { release: config.SENTRY_RELEASE ?? `portal@${bffVersion}`, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV };
}

/**
 * Keeps only what a report may carry: the user's id (no e-mail, name, address or IP), no request (body,
 * cookies, headers, query), no breadcrumbs; every remaining value passes the log redaction rules. An event of
 * an ignored status is dropped here as well, whoever captured it.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent | null {
  const status = Number(event.tags?.status);
  if (ignoredStatuses.has(status)) return null;
  const id = event.user?.id;
  const scrubbed = redactSecrets({ ...event, request: undefined, breadcrumbs: undefined, extra: undefined, user: id === undefined ? undefined : { id: String(id) } });
  delete scrubbed.request;
  delete scrubbed.breadcrumbs;
  delete scrubbed.extra;
  if (!scrubbed.user) delete scrubbed.user;
  // The tags the portal set itself stay as they are.
  return { ...scrubbed, release: event.release, environment: event.environment };
}

/**
 * Error reporting of the BFF (issue 31) over the Sentry protocol with the official SDK, to `SENTRY_DSN`; unset, nothing
 * is reported. A client of its own (not `Sentry.init`): no global instrumentation of every request, no OpenTelemetry,
 * and test servers in one process do not share it. Nothing personal is added by the SDK (no request data integration). What is captured: answers of 500 and above that are errors
 * (`http/errors.ts`), never 401/403/404/422.
 */
export function createErrorReporter(config: Config, logger: Logger): ErrorReporter {
  if (!config.SENTRY_DSN) return noErrorReporting;
  const client = new NodeClient({
    dsn: config.SENTRY_DSN,
    ...reportingTags(config),
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [eventFiltersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: scrubEvent,
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return {
    enabled: true,
    capture(error, context) {
      if (ignoredStatuses.has(context.status)) return;
      try {
        const event = scope.clone();
        event.setTags({
          status: String(context.status),
          ...(context.operationId ? { operation: context.operationId } : {}),
          ...(context.method ? { method: context.method } : {}),
          ...(context.requestId ? { request_id: context.requestId } : {}),
          ...(context.testError ? { test_error: 'true' } : {}),
        });
        if (context.userId !== undefined) event.setUser({ id: String(context.userId) });
        event.captureException(error);
      } catch (e) {
        logger.warn({ reason: (e as Error).message }, 'error report could not be captured');
      }
    },
    flush: async (timeoutMs = 2000) => client.flush(timeoutMs),
    close: async (timeoutMs = 2000) => {
      await client.close(timeoutMs);
    },
  };
}
