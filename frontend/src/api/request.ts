/**
 * The requests of the web app's endpoints, built from the contract: `request('getCustomer', { customerId })`
 * takes the operation's method and path template from the generated table (scripts/generate-core-client.ts)
 * and its arguments typed from the contract (path parameters, `query`, `body`). No file of the web app writes
 * an `api/v1/...` URL: a renamed path is regenerated, a renamed parameter or field breaks the type check.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { BodyOf, PathOf, QueryOf, ResponseOf } from '@portal/openapi';
import { coreOperations, type CoreOperationId } from '../generated/coreOperations';

export type { CoreOperationId };

type Present<T> = [T] extends [never] ? false : true;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no further arguments" in an intersection
type Nothing = {};

type PathArgs<Op extends CoreOperationId> = Present<PathOf<Op>> extends true ? PathOf<Op> : Nothing;
type QueryArgs<Op extends CoreOperationId> =
  Present<QueryOf<Op>> extends true ? (Nothing extends QueryOf<Op> ? { query?: QueryOf<Op> } : { query: QueryOf<Op> }) : Nothing;
type BodyArgs<Op extends CoreOperationId> =
  unknown extends BodyOf<Op> ? Nothing : Present<BodyOf<Op>> extends true ? { body: BodyOf<Op> } : Nothing;

/** The arguments of an operation: its path parameters, `query` and `body` (as the plugins' generated clients take them). */
export type ArgsOf<Op extends CoreOperationId> = PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>;

/** The result of an operation (`void` when it answers without a body). */
export type ResultOf<Op extends CoreOperationId> = Present<ResponseOf<Op>> extends true ? ResponseOf<Op> : void;

/** The arguments may be left out when the operation has none that are required. */
type ArgList<Op extends CoreOperationId> = Nothing extends ArgsOf<Op> ? [args?: ArgsOf<Op>] : [args: ArgsOf<Op>];

function fill(op: CoreOperationId, args: Record<string, unknown>): string {
  const { path } = coreOperations[op];
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = args[name];
    if (value === undefined || value === null || value === '') throw new Error(`${op}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The RTK Query request of an operation. */
export function request<Op extends CoreOperationId>(op: Op, ...[args]: ArgList<Op>): FetchArgs {
  const a = (args ?? {}) as Record<string, unknown>;
  const query = a.query as Record<string, unknown> | undefined;
  return {
    url: fill(op, a),
    method: coreOperations[op].method,
    ...(query ? { params: query } : {}),
    ...('body' in a ? { body: a.body } : {}),
  };
}

/** The address of a GET operation for a plain link or download (the browser sends the session cookie). */
export function pathOf<Op extends CoreOperationId>(op: Op, ...[args]: ArgList<Op>): string {
  const a = (args ?? {}) as Record<string, unknown>;
  const query = Object.entries((a.query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const search = new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString();
  return `/${fill(op, a)}${search ? `?${search}` : ''}`;
}
