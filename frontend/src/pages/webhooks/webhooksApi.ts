import type { Schemas } from '@portal/openapi';
import { api } from '../../api/baseApi';

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

const base = (o: WebhookOwnerRef) => `api/v1/${o.kind}/${o.id}/webhooks`;
const ownerTag = (o: WebhookOwnerRef) => ({ type: 'Webhooks' as const, id: `${o.kind}:${o.id}` });
const hookTag = (o: WebhookOwnerRef, webhookId: number) => ({ type: 'WebhookDeliveries' as const, id: `${o.kind}:${o.id}:${webhookId}` });

/** Outgoing webhooks (issue 30) of a customer or a cluster. */
export const webhooksApi = api.enhanceEndpoints({ addTagTypes: ['Webhooks', 'WebhookDeliveries'] }).injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<WebhookEndpoint[], WebhookOwnerRef>({
      query: (o) => base(o),
      transformResponse: (r: { data: WebhookEndpoint[] }) => r.data,
      providesTags: (_r, _e, o) => [ownerTag(o)],
    }),
    createWebhook: build.mutation<WebhookEndpointWithSecret, { owner: WebhookOwnerRef; body: WebhookEndpointInput }>({
      query: ({ owner, body }) => ({ url: base(owner), method: 'POST', body }),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { owner: WebhookOwnerRef; webhookId: number; body: WebhookEndpointUpdate }>({
      query: ({ owner, webhookId, body }) => ({ url: `${base(owner)}/${webhookId}`, method: 'PATCH', body }),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    deleteWebhook: build.mutation<void, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) => ({ url: `${base(owner)}/${webhookId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecret, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) => ({ url: `${base(owner)}/${webhookId}/rotate-secret`, method: 'POST' }),
      invalidatesTags: (_r, error, { owner }) => (error ? [] : [ownerTag(owner)]),
    }),
    listWebhookDeliveries: build.query<WebhookDelivery[], { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) => `${base(owner)}/${webhookId}/deliveries`,
      transformResponse: (r: { data: WebhookDelivery[] }) => r.data,
      providesTags: (_r, _e, { owner, webhookId }) => [hookTag(owner, webhookId)],
    }),
    redeliverWebhook: build.mutation<WebhookDelivery, { owner: WebhookOwnerRef; webhookId: number; deliveryId: number }>({
      query: ({ owner, webhookId, deliveryId }) => ({ url: `${base(owner)}/${webhookId}/deliveries/${deliveryId}/redeliver`, method: 'POST' }),
      invalidatesTags: (_r, error, { owner, webhookId }) => (error ? [] : [hookTag(owner, webhookId), ownerTag(owner)]),
    }),
    sendWebhookTest: build.mutation<WebhookDelivery, { owner: WebhookOwnerRef; webhookId: number }>({
      query: ({ owner, webhookId }) => ({ url: `${base(owner)}/${webhookId}/test`, method: 'POST' }),
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
