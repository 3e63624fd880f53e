/**
 * `@portal/client`: a typed client of the customer portal's public API, generated from its OpenAPI contract.
 *
 * ```ts
 * const portal = createPortalClient({ baseUrl: 'https://portal.example.com', token: process.env.PORTAL_TOKEN! });
 * const invoice = unwrap(await portal.GET('/api/v1/invoices/{invoiceId}', { params: { path: { invoiceId: 1 } } }));
 * ```
 *
 * Every path, parameter, body and answer is typed from the contract (`paths`, `components`, `operations`); a
 * renamed path or field breaks the caller's type check, not its run time.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components, operations, paths, webhooks } from './schema.ts';

export type { components, operations, paths, webhooks };
export type Schemas = components['schemas'];
export type PortalClient = Client<paths>;

export interface PortalClientOptions {
  /** Where the portal is reached, e.g. `https://portal.example.com` (without `/api`). */
  baseUrl: string;
  /** A personal access token (`<id>|<secret>`), created under My data → Personal access token. */
  token: string;
  /** Another `fetch` (tests, proxies); default the global one. */
  fetch?: ClientOptions['fetch'];
  /** Sent as `User-Agent` next to the package's own name, so the provider can tell integrations apart. */
  userAgent?: string;
}

/** A client whose every request carries the bearer token; no cookie and no CSRF header are needed with a token. */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: options.fetch });
  const agent = ['portal-client/1', options.userAgent].filter(Boolean).join(' ');
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.token}`);
      request.headers.set('Accept', request.headers.get('Accept') ?? 'application/json');
      if (typeof window === 'undefined') request.headers.set('User-Agent', agent);
      return request;
    },
  });
  return client;
}

/** The portal's error answer (`ErrorResponse`): a machine-readable code, a message key and, for 422, the fields. */
export type ErrorBody = Schemas['ErrorResponse'];

/** A failed call: the HTTP status and the portal's error model. */
export class PortalApiError extends Error {
  readonly status: number;
  /** `validation`, `not_found`, `not_allowed`, `unauthenticated`, `rate_limited`, … */
  readonly code: ErrorBody['error']['code'] | 'unknown';
  /** The message key, e.g. `errors.validation_failed`, `cronjobs:errors.schedule_format`. */
  readonly key: string;
  /** With 422: the message keys per field (`{ schedule: ['cronjobs:errors.schedule_format'] }`). */
  readonly fields: Record<string, string[]>;
  /** Quote it to the provider's support. */
  readonly requestId: string | undefined;
  /** With 429: seconds until a new attempt may succeed (`Retry-After`). */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers?: Headers) {
    const error = isErrorBody(body) ? body.error : undefined;
    super(`${status} ${error?.message ?? 'request failed'}`);
    this.name = 'PortalApiError';
    this.status = status;
    this.code = error?.code ?? 'unknown';
    this.key = error?.message ?? '';
    this.fields = error?.fields ?? {};
    this.requestId = isErrorBody(body) ? body.requestId : undefined;
    const retry = Number(headers?.get('Retry-After'));
    this.retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: { code?: unknown } }).error?.code === 'string';
}

/** The answer's data, or a `PortalApiError` thrown for an error answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok) throw new PortalApiError(result.response.status, result.error, result.response.headers);
  return result.data as T;
}

/** One page of a list: page-numbered lists answer `meta.page`/`meta.lastPage`, long lists (invoices) `meta.nextCursor`. */
export interface Page<T> {
  data: T[];
  meta: { page?: number; lastPage?: number; nextCursor?: string | null };
}

/** What `paginate` asks the next page with: a page number, or the cursor the previous page returned. */
export interface PageRequest {
  page: number;
  cursor: string | undefined;
}

/**
 * Every item of a paginated list, page after page, for both kinds of lists:
 *
 * ```ts
 * for await (const invoice of paginate(({ cursor }) =>
 *   portal.GET('/api/v1/invoices', { params: { query: { per_page: 100, cursor } } }).then(unwrap))) { … }
 * ```
 */
export async function* paginate<T>(fetchPage: (next: PageRequest) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  let next: PageRequest = { page: 1, cursor: undefined };
  for (;;) {
    const page = await fetchPage(next);
    yield* page.data;
    if (page.meta.nextCursor !== undefined) {
      if (!page.meta.nextCursor) return;
      next = { page: next.page + 1, cursor: page.meta.nextCursor };
    } else if (page.meta.page !== undefined && page.meta.lastPage !== undefined && page.meta.page < page.meta.lastPage) {
      next = { page: page.meta.page + 1, cursor: undefined };
    } else {
      return;
    }
  }
}

export type ManagedJob = Schemas['ManagedJob'];

/**
 * Follows an apply job (the 202 answer of a Managed Center change) until it has succeeded or failed. Progress also
 * arrives as `managed.job` events on the portal's socket; this polls `getManagedJob`.
 */
export async function followJob(
  client: PortalClient,
  job: { clusterId: number; serverId: number; jobId: number },
  options: { intervalMs?: number; timeoutMs?: number; onProgress?: (job: ManagedJob) => void } = {},
): Promise<ManagedJob> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const current = unwrap(
      await client.GET('/api/v1/clusters/{clusterId}/servers/{serverId}/managed/jobs/{jobId}', {
        params: { path: { clusterId: job.clusterId, serverId: job.serverId, jobId: job.jobId } },
      }),
    );
    options.onProgress?.(current);
    if (current.status === 'succeeded' || current.status === 'failed') return current;
    if (Date.now() > deadline) throw new Error(`apply job ${job.jobId} still ${current.status} after ${options.timeoutMs ?? 120_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
  }
}

type WebhookPayloads = {
  [K in keyof webhooks]: webhooks[K] extends { post: { requestBody?: { content: { 'application/json': infer P } } } } ? P : never;
}[keyof webhooks];
/** The payload of any event the portal sends to a webhook endpoint (the contract's `webhooks:` section). */
export type WebhookEvent = [WebhookPayloads] extends [never] ? { type: string; timestamp: string; data: unknown } : WebhookPayloads;

export { WebhookVerificationError };

/**
 * Checks a webhook delivery per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`, at most five minutes old) and returns its payload.
 * Pass the **raw** request body (as received, before any JSON parsing) and the endpoint's secret (`whsec_…`).
 * While a secret is rotated, the portal signs with the old and the new one; either verifies. Throws
 * `WebhookVerificationError` for a wrong signature, a missing header or an old timestamp.
 */
export function verifyWebhook(secret: string, rawBody: string | Buffer, headers: Headers | Record<string, string | string[] | undefined>): WebhookEvent {
  const get = (name: string): string => {
    if (headers instanceof Headers) return headers.get(name) ?? '';
    const value = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  return new Webhook(secret).verify(rawBody, {
    'webhook-id': get('webhook-id'),
    'webhook-timestamp': get('webhook-timestamp'),
    'webhook-signature': get('webhook-signature'),
  }) as WebhookEvent;
}
