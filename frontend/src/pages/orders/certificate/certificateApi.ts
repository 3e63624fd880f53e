import type { BodyOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from '../../../api/baseApi';
import type { Order, OrderPrice } from '../ordersApi';

export type CertificateOrderDraft = Schemas['CertificateOrderDraft'];
export type CertificateOrderStep = Schemas['CertificateOrderStep'];
export type CertificateType = Schemas['CertificateType'];
export type CertificateOwner = Schemas['CertificateOwner'];
export type CertificateOwnerInput = Schemas['CertificateOwnerInput'];
export type CertificateOrderCatalog = ResponseOf<'getCertificateOrderCatalog'>;

/** The certificate order wizard (§2): catalog, certificate owners, quote per step, submission. */
export const certificateApi = api.enhanceEndpoints({ addTagTypes: ['Orders', 'CertificateOwners'] }).injectEndpoints({
  endpoints: (build) => ({
    getCertificateOrderCatalog: build.query<CertificateOrderCatalog, void>({
      query: () => 'api/v1/order-catalog/certificate',
    }),
    listCertificateOwners: build.query<CertificateOwner[], number>({
      query: (customerId) => `api/v1/customers/${customerId}/certificate-owners`,
      transformResponse: (r: ResponseOf<'listCertificateOwners'>) => r.data,
      providesTags: ['CertificateOwners'],
    }),
    saveCertificateOwner: build.mutation<CertificateOwner, { customerId: number; ownerId?: number; body: CertificateOwnerInput }>({
      query: ({ customerId, ownerId, body }) =>
        ownerId ? { url: `api/v1/customers/${customerId}/certificate-owners/${ownerId}`, method: 'PUT', body } : { url: `api/v1/customers/${customerId}/certificate-owners`, method: 'POST', body },
      invalidatesTags: (_r, error) => (error ? [] : ['CertificateOwners']),
    }),
    quoteCertificateOrder: build.mutation<OrderPrice, BodyOf<'quoteCertificateOrder'>>({
      query: (body) => ({ url: 'api/v1/orders/certificate/quote', method: 'POST', body }),
      transformResponse: (r: ResponseOf<'quoteCertificateOrder'>) => r.price,
    }),
    createCertificateOrder: build.mutation<Order, { idempotencyKey: string; body: CertificateOrderDraft }>({
      query: ({ idempotencyKey, body }) => ({ url: 'api/v1/orders/certificate', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orders']),
    }),
    getCertificateOrderFiles: build.query<ResponseOf<'getCertificateOrderFiles'>, { number: string; status: string }>({
      // The status is part of the cache key: a completed order has its certificate files.
      query: ({ number }) => `api/v1/orders/certificate/${encodeURIComponent(number)}/files`,
    }),
    /** The private key: only on an explicit request, never cached. */
    getCertificateOrderKey: build.mutation<ResponseOf<'getCertificateOrderKey'>, string>({
      query: (number) => ({ url: `api/v1/orders/certificate/${encodeURIComponent(number)}/key`, method: 'GET' }),
    }),
  }),
});

export const { useGetCertificateOrderCatalogQuery, useListCertificateOwnersQuery, useSaveCertificateOwnerMutation, useQuoteCertificateOrderMutation, useCreateCertificateOrderMutation, useGetCertificateOrderFilesQuery, useGetCertificateOrderKeyMutation } = certificateApi;
