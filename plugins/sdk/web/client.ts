/**
 * What the generated per-plugin clients (`plugins/<id>/generated/client.ts`, written by
 * `scripts/generate-plugins.ts` from the bundled contract) are made of: argument and result types of
 * an operation and the request it becomes. Plugin code never writes an `api/v1/...` URL.
 */
import type { BodyOf, OperationId, PathOf, QueryOf, ResponseOf } from '@portal/openapi';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ManagedJob } from './events.ts';

type Present<T> = [T] extends [never] ? false : true;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no further arguments" in an intersection
type Nothing = {};

/** The query parameters of an operation, under `query` (required when one of them is). */
type QueryArgs<Op extends OperationId> = Present<QueryOf<Op>> extends true ? (Nothing extends QueryOf<Op> ? { query?: QueryOf<Op> } : { query: QueryOf<Op> }) : Nothing;
type BodyArgs<Op extends OperationId> = unknown extends BodyOf<Op> ? Nothing : Present<BodyOf<Op>> extends true ? { body: BodyOf<Op> } : Nothing;

/** The argument of an operation's endpoint: its path parameters, `query` and `body`. */
export type ArgsOf<Op extends OperationId> = PathOf<Op> & QueryArgs<Op> & BodyArgs<Op>;

/** The result of an operation's endpoint (`void` for 204). */
export type ResultOf<Op extends OperationId> = Present<ResponseOf<Op>> extends true ? ResponseOf<Op> : void;

/** The server an operation of the Managed Center acts on. */
export interface ServerArgs {
  clusterId: number;
  serverId: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The request of an operation: `{name}` in the path template filled from the arguments (encoded). */
export function toRequest(method: HttpMethod, template: string, args: Record<string, unknown>): FetchArgs {
  const url = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = args[name];
    if (value === undefined || value === null || value === '') throw new Error(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const query = args.query as Record<string, unknown> | undefined;
  const params = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
  return { url, method, ...(params && Object.keys(params).length ? { params } : {}), ...('body' in args ? { body: args.body } : {}) };
}

/** What an endpoint call answers once dispatched (RTK Query's mutation result). */
export type CallResult<T> = PromiseLike<{ data: T; error?: undefined } | { data?: undefined; error: unknown }>;

/** Dispatch of the Managed Center's store, as `useManagedDispatch()` returns it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- thunks of any endpoint
export type AnyDispatch = (action: any) => any;

/** A plugin's generated client as `useApply` needs it. */
export interface PluginClient {
  pluginId: string;
  /** The action that makes every cached answer of this plugin stale. */
  invalidate(): { type: string };
  /** Starts the plugin's "apply the stored state again" operation, when its contract has one. */
  apply?: (dispatch: AnyDispatch, args: ServerArgs) => CallResult<ManagedJob>;
}
