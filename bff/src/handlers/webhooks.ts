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

export function presentDelivery({
  delivery,
  attempts,
}: {
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}): Schemas['WebhookDelivery'] {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    createdAt: delivery.createdAt.toISOString(),
    nextAttemptAt: iso(delivery.nextAttemptAt),
    attempts: attempts.map((a) => ({
      at: a.at.toISOString(),
      responseStatus: a.responseStatus ?? null,
      responseBody: a.responseBody,
      error: a.error ?? null,
      durationMs: a.durationMs,
    })),
  };
}

type Context<P> = { em: EntityManager; user: User; deps: AppDeps; params: P; koa: { status: number } };
type Item = { webhookId: number };

/**
 * The eight operations of one owner kind (list, create, update, delete, rotate, deliveries, redeliver, test):
 * the customer and the cluster families differ only in how the path names the owner and who may act for it.
 */
function webhookOperations<P>(ownerOf: (em: EntityManager, user: User, params: P) => Promise<WebhookOwner>) {
  const owned = async ({ em, user, deps, params }: Context<P>) => ({ em, webhooks: service(deps), owner: await ownerOf(em, user, params) });
  return {
    list: async (c: Context<P>) => {
      const { em, webhooks, owner } = await owned(c);
      return { data: (await webhooks.list(em, owner)).map(({ endpoint, last }) => presentWebhook(endpoint, last)) };
    },
    create: async (c: Context<P> & { body: Schemas['WebhookEndpointInput'] }) => {
      const { em, webhooks, owner } = await owned(c);
      const { endpoint, secret } = await webhooks.create(em, owner, c.body, c.user);
      c.koa.status = 201;
      return { webhook: presentWebhook(endpoint, null), secret };
    },
    update: async (c: Context<P & Item> & { body: Schemas['WebhookEndpointUpdate'] }) => {
      const { em, webhooks, owner } = await owned(c);
      const endpoint = await webhooks.update(em, owner, c.params.webhookId, c.body);
      const last = (await webhooks.list(em, owner)).find((x) => x.endpoint.id === endpoint.id)?.last ?? null;
      return presentWebhook(endpoint, last);
    },
    remove: async (c: Context<P & Item>) => {
      const { em, webhooks, owner } = await owned(c);
      await webhooks.remove(em, owner, c.params.webhookId);
      return noContent;
    },
    rotate: async (c: Context<P & Item>) => {
      const { em, webhooks, owner } = await owned(c);
      const { endpoint, secret } = await webhooks.rotate(em, owner, c.params.webhookId);
      return { webhook: presentWebhook(endpoint, null), secret };
    },
    deliveries: async (c: Context<P & Item>) => {
      const { em, webhooks, owner } = await owned(c);
      return { data: (await webhooks.deliveries(em, owner, c.params.webhookId)).map(presentDelivery) };
    },
    redeliver: async (c: Context<P & Item & { deliveryId: number }>) => {
      const { em, webhooks, owner } = await owned(c);
      const result = presentDelivery(await webhooks.redeliver(em, owner, c.params.webhookId, c.params.deliveryId));
      c.koa.status = 202;
      return result;
    },
    test: async (c: Context<P & Item>) => {
      const { em, webhooks, owner } = await owned(c);
      const result = presentDelivery(await webhooks.sendTest(em, owner, c.params.webhookId));
      c.koa.status = 202;
      return result;
    },
  };
}

const customer = webhookOperations((em, user, params: { customerId: number }) => customerOwner(em, user, params.customerId));
const cluster = webhookOperations((em, user, params: { clusterId: number }) => clusterOwner(em, user, params.clusterId));

/** Outgoing webhooks of customers (managers) and clusters (administrators), issue 30. */
export const webhookHandlers = defineHandlers({
  listCustomerWebhooks: customer.list,
  createCustomerWebhook: customer.create,
  updateCustomerWebhook: customer.update,
  deleteCustomerWebhook: customer.remove,
  rotateCustomerWebhookSecret: customer.rotate,
  listCustomerWebhookDeliveries: customer.deliveries,
  redeliverCustomerWebhookDelivery: customer.redeliver,
  sendCustomerWebhookTest: customer.test,

  listClusterWebhooks: cluster.list,
  createClusterWebhook: cluster.create,
  updateClusterWebhook: cluster.update,
  deleteClusterWebhook: cluster.remove,
  rotateClusterWebhookSecret: cluster.rotate,
  listClusterWebhookDeliveries: cluster.deliveries,
  redeliverClusterWebhookDelivery: cluster.redeliver,
  sendClusterWebhookTest: cluster.test,
});
