import type { Middleware } from 'koa';
import { DomainError, maintainableServices, type MaintainableService } from '@portal/core/platform';
import type { AppDeps } from '../deps.ts';
import { routeOf } from './route.ts';

/** Seconds a client should wait before trying a service in maintenance again. */
export const serviceMaintenanceRetryAfter = 300;

/**
 * §8 "Service under maintenance ({service}): try again later": the operations of the services named in
 * `MAINTENANCE_SERVICES` (by their contract tags) answer 503 `unavailable` with `errors.service_maintenance`
 * and the service; everything else keeps working. Not the `maintenance` code, which sends the whole app to
 * the maintenance page.
 */
export function serviceMaintenanceGate(deps: AppDeps, contract: Record<string, unknown>): Middleware {
  const down = deps.config.MAINTENANCE_SERVICES;
  if (!down.length) return (_ctx, next) => next();
  const serviceOfTag = new Map<string, MaintainableService>();
  for (const service of down) for (const tag of maintainableServices[service]) serviceOfTag.set(tag, service);
  const serviceOfOperation = new Map<string, MaintainableService>();
  const paths = (contract.paths ?? {}) as Record<string, Record<string, { operationId?: string; tags?: string[]; 'x-access'?: string }>>;
  // The Managed Center's plugins tag their operations with their own ids: they belong to `managed` as the
  // server operations only a cluster's administrators may call.
  const managedPlugin = (path: string, op: { 'x-access'?: string }) =>
    down.includes('managed') && op['x-access'] === 'cluster-administrator' && path.includes('/servers/{serverId}/');
  for (const [path, item] of Object.entries(paths))
    for (const op of Object.values(item)) {
      const service = op?.tags?.map((t) => serviceOfTag.get(t)).find(Boolean) ?? (op && managedPlugin(path, op) ? 'managed' : undefined);
      if (op?.operationId && service) serviceOfOperation.set(op.operationId, service);
    }
  return async (ctx, next) => {
    const operationId = routeOf(ctx).operationId;
    const service = operationId ? serviceOfOperation.get(operationId) : undefined;
    if (service) throw new DomainError('unavailable', 'errors.service_maintenance', { service, retryAfter: serviceMaintenanceRetryAfter });
    await next();
  };
}
