import type { EntityManager } from '@mikro-orm/core';
import type { User } from '@portal/core/accounts';
import { findClusterAccess } from '@portal/core/clusters';
import { findManagedCustomer } from '@portal/core/customers';
import { NotAllowed, NotFound, Unavailable } from '@portal/core/platform';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookOwner, WebhookService } from '@portal/core/webhooks';
import type { Schemas } from '@portal/openapi';
import type { AppDeps } from '../deps.ts';
import { defineHandlers, noContent } from '../openapi/handlers.ts';
import { webhooksOf } from './webhooksService.ts';

/** A customer's endpoints: its active managers only (404 for anyone else, so ids are not probed). */
async function customerOwner(em: EntityManager, user: User, customerId: number): Promise<WebhookOwner> {
  const customer = await findManagedCustomer(em, user.id, customerId);
  return { kind: 'customer', id: customer.id };
}

/** A cluster's endpoints: its administrators only (404 for a cluster the caller does not see, 403 for its other users). */
async function clusterOwner(em: EntityManager, user: User, clusterId: number): Promise<WebhookOwner> {
  const access = await findClusterAccess(em, user.id, clusterId);
  if (!access) throw NotFound('errors.cluster_not_found');
  if (!access.isAdministrator) throw NotAllowed('errors.managed_administrators_only');
  return { kind: 'cluster', id: access.cluster.id };
}

const service = (deps: AppDeps): WebhookService => {
  const s = webhooksOf(deps);
  if (!s) throw Unavailable();
  return s;
};

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function presentWebhook(e: WebhookEndpoint, last: { status: string; at: Date } | null): Schemas['WebhookEndpoint'] {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabledReason ?? null,
    disabledAt: iso(e.disabledAt),
    createdAt: e.createdAt.toISOString(),
    secretRotatedAt: iso(e.secretRotatedAt),
    previousSecretValidUntil: iso(e.previousSecretValidUntil),
    lastDelivery: last ? { status: last.status as Schemas['WebhookDeliveryStatus'], at: last.at.toISOString() } : null,
  };
}

export function presentDelivery({ delivery, attempts }: { delivery: WebhookDelivery; attempts: WebhookAttempt[] }): Schemas['WebhookDelivery'] {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: iso(delivery.nextAttemptAt),
    attempts: attempts.map((a) => ({ at: a.at.toISOString(), responseStatus: a.responseStatus ?? null, responseBody: a.responseBody, error: a.error ?? null, durationMs: a.durationMs })),
  };
}

type Owned = { em: EntityManager; user: User; deps: AppDeps; owner: WebhookOwner };

/** The operations of one owner kind; the customer and the cluster families share them. */
const operations = {
  list: async ({ em, deps, owner }: Owned) => ({ data: (await service(deps).list(em, owner)).map(({ endpoint, last }) => presentWebhook(endpoint, last)) }),
  create: async ({ em, deps, owner, user }: Owned, body: Schemas['WebhookEndpointInput']) => {
    const { endpoint, secret } = await service(deps).create(em, owner, body, user);
    return { webhook: presentWebhook(endpoint, null), secret };
  },
  update: async ({ em, deps, owner }: Owned, id: number, body: Schemas['WebhookEndpointUpdate']) => {
    const endpoint = await service(deps).update(em, owner, id, body);
    const last = (await service(deps).list(em, owner)).find((x) => x.endpoint.id === endpoint.id)?.last ?? null;
    return presentWebhook(endpoint, last);
  },
  remove: async ({ em, deps, owner }: Owned, id: number) => {
    await service(deps).remove(em, owner, id);
    return noContent;
  },
  rotate: async ({ em, deps, owner }: Owned, id: number) => {
    const { endpoint, secret } = await service(deps).rotate(em, owner, id);
    return { webhook: presentWebhook(endpoint, null), secret };
  },
  deliveries: async ({ em, deps, owner }: Owned, id: number) => ({ data: (await service(deps).deliveries(em, owner, id)).map(presentDelivery) }),
  redeliver: async ({ em, deps, owner }: Owned, id: number, deliveryId: number) => presentDelivery(await service(deps).redeliver(em, owner, id, deliveryId)),
  test: async ({ em, deps, owner }: Owned, id: number) => presentDelivery(await service(deps).sendTest(em, owner, id)),
};

/** Outgoing webhooks of customers (managers) and clusters (administrators), issue 30. */
export const webhookHandlers = defineHandlers({
  listCustomerWebhooks: async ({ em, user, deps, params }) => operations.list({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }),
  createCustomerWebhook: async ({ em, user, deps, params, body, koa }) => {
    const result = await operations.create({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, body);
    koa.status = 201;
    return result;
  },
  updateCustomerWebhook: async ({ em, user, deps, params, body }) => operations.update({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId, body),
  deleteCustomerWebhook: async ({ em, user, deps, params }) => operations.remove({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId),
  rotateCustomerWebhookSecret: async ({ em, user, deps, params }) => operations.rotate({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId),
  listCustomerWebhookDeliveries: async ({ em, user, deps, params }) => operations.deliveries({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId),
  redeliverCustomerWebhookDelivery: async ({ em, user, deps, params, koa }) => {
    const result = await operations.redeliver({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId, params.deliveryId);
    koa.status = 202;
    return result;
  },
  sendCustomerWebhookTest: async ({ em, user, deps, params, koa }) => {
    const result = await operations.test({ em, user, deps, owner: await customerOwner(em, user, params.customerId) }, params.webhookId);
    koa.status = 202;
    return result;
  },

  listClusterWebhooks: async ({ em, user, deps, params }) => operations.list({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }),
  createClusterWebhook: async ({ em, user, deps, params, body, koa }) => {
    const result = await operations.create({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, body);
    koa.status = 201;
    return result;
  },
  updateClusterWebhook: async ({ em, user, deps, params, body }) => operations.update({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId, body),
  deleteClusterWebhook: async ({ em, user, deps, params }) => operations.remove({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId),
  rotateClusterWebhookSecret: async ({ em, user, deps, params }) => operations.rotate({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId),
  listClusterWebhookDeliveries: async ({ em, user, deps, params }) => operations.deliveries({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId),
  redeliverClusterWebhookDelivery: async ({ em, user, deps, params, koa }) => {
    const result = await operations.redeliver({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId, params.deliveryId);
    koa.status = 202;
    return result;
  },
  sendClusterWebhookTest: async ({ em, user, deps, params, koa }) => {
    const result = await operations.test({ em, user, deps, owner: await clusterOwner(em, user, params.clusterId) }, params.webhookId);
    koa.status = 202;
    return result;
  },
});
