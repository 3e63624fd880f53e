import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import type { Schemas } from '@portal/openapi';
import { api } from '../../api/baseApi';
import { request } from '../../api/request';

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEventType = Schemas['WebhookEventType'];
export type WebhookEndpointInput = Schemas['WebhookEndpointInput'];
export type WebhookEndpointUpdate = Schemas['WebhookEndpointUpdate'];

/** Whose endpoints: a customer's (`customers`) or a cluster's (`clusters`); the paths of both families are alike. */
export interface WebhookOwnerRef {
  kind: 'customers' | 'clusters';
  id: number;
}

export const webhookEventTypes: WebhookEventType[] = [
  'invoice.issued',
  'invoice.public_link.created',
  'order.status_changed',
  'contract.termination.confirmed',
  'contract.status_changed',
  'managed.apply.succeeded',
  'managed.apply.failed',
  'managed.drift.detected',
  'notification.created',
];

/** The request of the customer's or the cluster's operation (two operation families with alike arguments). */
const byOwner = (o: WebhookOwnerRef, customer: () => FetchArgs, cluster: () => FetchArgs): FetchArgs => (o.kind === 'customers' ? customer() : cluster());
const ownerTag = (o: WebhookOwnerRef) => ({ type: 'Webhooks' as const, id: `${o.kind}:${o.id}` });
const hookTag = (o: WebhookOwnerRef, webhookId: number) => ({ type: 'WebhookDeliveries' as const, id: `${o.kind}:${o.id}:${webhookId}` });

/** Outgoing webhooks (issue 30) of a customer or a cluster. */
export const webhooksApi = api.enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] }).injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<WebhookEndpoint[], WebhookOwnerRef>({
      query: (o) =>
        byOwner(o, () => request('listCustomerWebhooks', { customerId: o.id }), () => request('listClusterWebhooks', { clusterId: o.id })),
      transformResponse: (r: { data: WebhookEndpoint[] }) => r.data,
      providesTags: (_r, _e, o) => [ownerTag(o)],
    }),
    createWebhook: build.mutation<WebhookEndpointWithSecret, { owner: WebhookOwnerRef; body: WebhookEndpointInput }>({
      query: ({ owner, body }) =>
        byOwner(owner, () => request('createCustomerWebhook', { customerId: owner.id, body }), () => request('createClusterWebhook', { clusterId: owner.id, body })),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { owner: WebhookOwnerRef; webhookId: number; body: WebhookEndpointUpdate }>({
      query: ({ owner, webhookId, body }) =>
        byOwner(
          owner,
          () => request('updateCustomerWebhook', { customerId: owner.id, webhookId, body }),
          () => request('updateClusterWebhook', { clusterId: owner.id, webhookId, body }),
        ),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    deleteWebhook: build.mutation<void, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) =>
        byOwner(
          owner,
          () => request('deleteCustomerWebhook', { customerId: owner.id, webhookId }),
          () => request('deleteClusterWebhook', { clusterId: owner.id, webhookId }),
        ),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecret, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) =>
        byOwner(
          owner,
          () => request('rotateCustomerWebhookSecret', { customerId: owner.id, webhookId }),
          () => request('rotateClusterWebhookSecret', { clusterId: owner.id, webhookId }),
        ),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    listWebhookDeliveries: build.query<WebhookDelivery[], { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) =>
        byOwner(
          owner,
          () => request('listCustomerWebhookDeliveries', { customerId: owner.id, webhookId }),
          () => request('listClusterWebhookDeliveries', { clusterId: owner.id, webhookId }),
        ),
      transformResponse: (r: { data: WebhookDelivery[] }) => r.data,
      providesTags: (_r, _e, { owner, webhookId }) => [hookTag(owner, webhookId)],
    }),
    redeliverWebhook: build.mutation<WebhookDelivery, { owner: WebhookOwnerRef; webhookId: number; deliveryId: number }>({
      query: ({ owner, webhookId, deliveryId }) =>
        byOwner(
          owner,
          () => request('redeliverCustomerWebhookDelivery', { customerId: owner.id, webhookId, deliveryId }),
          () => request('redeliverClusterWebhookDelivery', { clusterId: owner.id, webhookId, deliveryId }),
        ),
      invalidatesTags: (_r, error, { owner, webhookId }) => (error ? [] : [hookTag(owner, webhookId), ownerTag(owner)]),
    }),
    sendWebhookTest: build.mutation<WebhookDelivery, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) =>
        byOwner(
          owner,
          () => request('sendCustomerWebhookTest', { customerId: owner.id, webhookId }),
          () => request('sendClusterWebhookTest', { clusterId: owner.id, webhookId }),
        ),
      invalidatesTags: (_r, error, { owner, webhookId }) => (error ? [] : [hookTag(owner, webhookId), ownerTag(owner)]),
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useListWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
  useSendWebhookTestMutation,
} = webhooksApi;
