/**
 * The official SDK behind `errorReporting.ts`, in a chunk of its own that is fetched only when a DSN is configured.
 * No default integrations: no breadcrumbs (they would carry URLs and console output), no wrapped timers, no request
 * data (page addresses carry invitation tokens and e-mail addresses); only linked errors and de-duplication.
 */
import { BrowserClient, dedupeIntegration, defaultStackParser, linkedErrorsIntegration, makeFetchTransport, Scope, type ErrorEvent } from '@sentry/react';
import type { ErrorReportingConfig, ReportContext, Reporter } from './errorReporting';
import { ignoredStatuses } from './errorReporting';
import { redactSecrets } from './redact';

/** Keeps the user's id and nothing else personal; drops the request, breadcrumbs and extras; applies the log redaction rules. */
export function scrubBrowserEvent(event: ErrorEvent): ErrorEvent | null {
  if (ignoredStatuses.has(Number(event.tags?.status))) return null;
  const id = event.user?.id;
  const { request: _request, breadcrumbs: _breadcrumbs, extra: _extra, user: _user, ...rest } = event;
  const scrubbed = redactSecrets(rest) as ErrorEvent;
  return { ...scrubbed, ...(id !== undefined ? { user: { id: String(id) } } : {}), release: event.release, environment: event.environment };
}

export function createReporter(config: ErrorReportingConfig, transport: BrowserClientTransport = makeFetchTransport): Reporter {
  const client = new BrowserClient({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    transport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration(), dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: scrubBrowserEvent,
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return {
    capture(error: unknown, context: ReportContext) {
      const s = scope.clone();
      s.setTags({ ...context.tags, ...(context.status !== undefined ? { status: String(context.status) } : {}) });
      s.captureException(error);
    },
    setUser(id: number | null) {
      scope.setUser(id === null ? null : { id: String(id) });
    },
  };
}

type BrowserClientTransport = typeof makeFetchTransport;
