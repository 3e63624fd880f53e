import type { OperationId } from '@portal/openapi';
import type { ResourceDeclaration } from '../../resources/index.ts';
import type { CallResult, ResultOf } from '../client.ts';
import type { ManagedJob } from '../events.ts';

/**
 * A plugin's generated RTK Query API (`<camel>Api` of `generated/client.ts`): the resource pages call
 * its endpoints by the operation ids of the declaration.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the endpoints of any plugin's generated API
export type ResourceApi = { endpoints: Record<string, any> };

type Ops<D extends ResourceDeclaration> = D['operations'];
/** One entry of the resource's list as the contract presents it. */
export type ResourceRow<D extends ResourceDeclaration> = Ops<D>['list'] extends OperationId ? (ResultOf<Ops<D>['list']> extends { data: readonly (infer R)[] } ? R : never) : never;
/** The list's whole answer (`data`, `total` and what the plugin adds, e.g. `users`). */
export type ResourceList<D extends ResourceDeclaration> = Ops<D>['list'] extends OperationId ? ResultOf<Ops<D>['list']> : never;

interface Endpoint {
  useQuery(args: unknown, options?: { skip?: boolean }): { data?: unknown; isLoading: boolean; isError: boolean; refetch: () => unknown };
  useMutation(): [(args: unknown) => CallResult<ManagedJob>, unknown];
}

/** The endpoint of an operation of the resource (a stand-in of the list when the resource lacks it, never called then). */
export function endpointOf(api: ResourceApi, decl: ResourceDeclaration, op: keyof ResourceDeclaration['operations']): Endpoint {
  const id = decl.operations[op] ?? decl.operations.list ?? Object.values(decl.operations)[0];
  const endpoint = id ? (api.endpoints[id] as Endpoint | undefined) : undefined;
  if (!endpoint) throw new Error(`${decl.pluginId}: the API has no endpoint ${String(id)} (run npm run generate)`);
  return endpoint;
}
