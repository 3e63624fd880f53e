import type { BodyOf, QueryOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from '../../api/baseApi';
import { request } from '../../api/request';

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
      query: (query) => request('listOrders', { query }),
      transformResponse: (r: ResponseOf<'listOrders'>) => r.data,
      providesTags: ['Orders'],
    }),
    getOrder: build.query<Order, { type: OrderType; number: string }>({
      query: ({ type, number }) => request('getOrder', { orderType: type, orderNumber: number }),
      providesTags: ['Orders'],
    }),
    getClusterOrderCatalog: build.query<ClusterOrderCatalog, void>({
      query: () => request('getClusterOrderCatalog'),
    }),
    quoteClusterOrder: build.mutation<OrderPrice, BodyOf<'quoteClusterOrder'>>({
      query: (body) => request('quoteClusterOrder', { body }),
      transformResponse: (r: ResponseOf<'quoteClusterOrder'>) => r.price,
    }),
    createClusterOrder: build.mutation<Order, { idempotencyKey: string; body: ClusterOrderDraft }>({
      query: ({ idempotencyKey, body }) => ({ ...request('createClusterOrder', { body }), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orders', 'Clusters']),
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useGetClusterOrderCatalogQuery, useQuoteClusterOrderMutation, useCreateClusterOrderMutation } = ordersApi;
