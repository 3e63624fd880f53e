import type { BodyOf, QueryOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from '../../api/baseApi';

export type Order = Schemas['Order'];
export type OrderType = Schemas['OrderType'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderPrice = Schemas['OrderPrice'];
export type ClusterOrderDraft = Schemas['ClusterOrderDraft'];
export type ClusterOrderStep = Schemas['ClusterOrderStep'];
export type ClusterOrderCatalog = ResponseOf<'getClusterOrderCatalog'>;

/** Orders (§2): the list per type, one order, the cluster wizard's catalog, quote and submission. */
export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Orders'] }).injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<Order[], QueryOf<'listOrders'>>({
      query: (params) => ({ url: 'api/v1/orders', params }),
      transformResponse: (r: ResponseOf<'listOrders'>) => r.data,
      providesTags: ['Orders'],
    }),
    getOrder: build.query<Order, { type: OrderType; number: string }>({
      query: ({ type, number }) => `api/v1/orders/${type}/${encodeURIComponent(number)}`,
      providesTags: ['Orders'],
    }),
    getClusterOrderCatalog: build.query<ClusterOrderCatalog, void>({
      query: () => 'api/v1/order-catalog/cluster',
    }),
    quoteClusterOrder: build.mutation<OrderPrice, BodyOf<'quoteClusterOrder'>>({
      query: (body) => ({ url: 'api/v1/orders/cluster/quote', method: 'POST', body }),
      transformResponse: (r: ResponseOf<'quoteClusterOrder'>) => r.price,
    }),
    createClusterOrder: build.mutation<Order, { idempotencyKey: string; body: ClusterOrderDraft }>({
      query: ({ idempotencyKey, body }) => ({ url: 'api/v1/orders/cluster', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orders', 'Clusters']),
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useGetClusterOrderCatalogQuery, useQuoteClusterOrderMutation, useCreateClusterOrderMutation } = ordersApi;
