/**
 * What the generated per-plugin clients (`plugins/<id>/generated/client.ts`, written by
 * `scripts/generate-plugins.ts` from the bundled contract) are made of: argument and result types of
 * an operation and the request it becomes. Plugin code never writes an `api/v1/...` URL.
 */
import type { BodyOf, OperationId, operations, PathOf, paths, QueryOf, ResponseOf } from '@portal/openapi';
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

/** The contract's path templates (without the leading `/`) at which `method` is operation `Op`. */
export type OperationPath<Op extends OperationId, M extends HttpMethod> = {
  [P in keyof paths & string]: paths[P] extends Record<Lowercase<M>, operations[Op]> ? (P extends `/${infer R}` ? R : never) : never;
}[keyof paths & string];

/**
 * The request of an operation that no generated client of the SDK's has (the platform's own, e.g. the apply
 * job): the path template is checked against the contract, so a renamed path breaks the type check.
 */
export function operationRequest<Op extends OperationId, M extends HttpMethod>(_operationId: Op, method: M, template: OperationPath<Op, M>, args: ArgsOf<Op>): FetchArgs {
  return toRequest(method, template, args as Record<string, unknown>);
}

/** The contract's paths of the operation the bundler adds to every plugin of a kind (`…/<pluginId>/settings`). */
type PluginOperationPaths<Suffix extends string> = Extract<keyof paths, `/api/v1/clusters/{clusterId}/servers/{serverId}/${string}/${Suffix}`>;

/**
 * The request of an operation the bundler adds to each plugin of a kind (`x-config`'s settings, `x-files`'
 * rendered files), the plugin's id filled at run time. The template must have the shape of such paths of the
 * contract (none left: a type error), so a renamed suffix breaks the type check.
 */
export function pluginOperationRequest<Suffix extends string>(
  method: HttpMethod,
  template: `api/v1/clusters/{clusterId}/servers/{serverId}/{pluginId}/${Suffix}` & ([PluginOperationPaths<Suffix>] extends [never] ? never : unknown),
  args: ServerArgs & { pluginId: string; body?: unknown },
): FetchArgs {
  return toRequest(method, template, args as unknown as Record<string, unknown>);
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
