import type { BodyOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from '../../../api/baseApi';
import { request } from '../../../api/request';
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
      query: () => request('getCertificateOrderCatalog'),
    }),
    listCertificateOwners: build.query<CertificateOwner[], number>({
      query: (customerId) => request('listCertificateOwners', { customerId }),
      transformResponse: (r: ResponseOf<'listCertificateOwners'>) => r.data,
      providesTags: ['CertificateOwners'],
    }),
    saveCertificateOwner: build.mutation<CertificateOwner, { customerId: number; ownerId?: number; body: CertificateOwnerInput }>({
      query: ({ customerId, ownerId, body }) =>
        ownerId ? request('editCertificateOwner', { customerId, ownerId, body }) : request('createCertificateOwner', { customerId, body }),
      invalidatesTags: (_r, error) => (error ? [] : ['CertificateOwners']),
    }),
    quoteCertificateOrder: build.mutation<OrderPrice, BodyOf<'quoteCertificateOrder'>>({
      query: (body) => request('quoteCertificateOrder', { body }),
      transformResponse: (r: ResponseOf<'quoteCertificateOrder'>) => r.price,
    }),
    createCertificateOrder: build.mutation<Order, { idempotencyKey: string; body: CertificateOrderDraft }>({
      query: ({ idempotencyKey, body }) => ({ ...request('createCertificateOrder', { body }), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orders']),
    }),
    getCertificateOrderFiles: build.query<ResponseOf<'getCertificateOrderFiles'>, { number: string; status: string }>({
      // The status is part of the cache key: a completed order has its certificate files.
      query: ({ number }) => request('getCertificateOrderFiles', { orderNumber: number }),
    }),
    /** The private key: only on an explicit request, never cached. */
    getCertificateOrderKey: build.mutation<ResponseOf<'getCertificateOrderKey'>, string>({
      query: (number) => request('getCertificateOrderKey', { orderNumber: number }),
    }),
  }),
});

export const { useGetCertificateOrderCatalogQuery, useListCertificateOwnersQuery, useSaveCertificateOwnerMutation, useQuoteCertificateOrderMutation, useCreateCertificateOrderMutation, useGetCertificateOrderFilesQuery, useGetCertificateOrderKeyMutation } = certificateApi;
