import type { BodyOf, ResponseOf, Schemas } from '@portal/openapi';
import { request } from '../../../api/request';
import { ordersApi } from '../ordersApi';

export type DomainOrderDraft = Schemas['DomainOrderDraft'];
export type DomainOrderStep = Schemas['DomainOrderStep'];
export type DomainOrderCatalog = ResponseOf<'getDomainOrderCatalog'>;
export type DomainQuote = ResponseOf<'quoteDomainOrder'>;
export type DomainOrderDetails = Schemas['DomainOrderDetails'];

/** The domain order wizard (§2): its catalog, the server's check and price of each step, the submission. */
export const domainOrderApi = ordersApi.injectEndpoints({
  endpoints: (build) => ({
    getDomainOrderCatalog: build.query<DomainOrderCatalog, void>({
      query: () => request('getDomainOrderCatalog'),
    }),
    quoteDomainOrder: build.mutation<DomainQuote, BodyOf<'quoteDomainOrder'>>({
      query: (body) => request('quoteDomainOrder', { body }),
    }),
    createDomainOrder: build.mutation<Schemas['Order'], { idempotencyKey: string; body: DomainOrderDraft }>({
      query: ({ idempotencyKey, body }) => ({ ...request('createDomainOrder', { body }), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orders']),
    }),
  }),
});

export const { useGetDomainOrderCatalogQuery, useQuoteDomainOrderMutation, useCreateDomainOrderMutation } = domainOrderApi;
