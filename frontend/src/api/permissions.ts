import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type ManagedCustomer = ResponseOf<'listManagedCustomers'>['data'][number];
export type AdministratedContract = ResponseOf<'listAdministratedContracts'>['data'][number];

/** My data → permissions: the user's own manager and administrator rights (§7: both lists load in parallel). */
export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listManagedCustomers: build.query<ManagedCustomer[], void>({
      query: () => request('listManagedCustomers'),
      transformResponse: (r: ResponseOf<'listManagedCustomers'>) => r.data,
      providesTags: ['Permissions'],
    }),
    listAdministratedContracts: build.query<AdministratedContract[], void>({
      query: () => request('listAdministratedContracts'),
      transformResponse: (r: ResponseOf<'listAdministratedContracts'>) => r.data,
      providesTags: ['Permissions'],
    }),
    revokeManagedCustomer: build.mutation<void, BodyOf<'revokeManagedCustomer'>>({
      query: (body) => request('revokeManagedCustomer', { body }),
      invalidatesTags: ['Permissions', 'Clusters'],
    }),
    revokeAdministratedContract: build.mutation<void, BodyOf<'revokeAdministratedContract'>>({
      query: (body) => request('revokeAdministratedContract', { body }),
      invalidatesTags: ['Permissions', 'Clusters'],
    }),
  }),
});

export const {
  useListManagedCustomersQuery,
  useListAdministratedContractsQuery,
  useRevokeManagedCustomerMutation,
  useRevokeAdministratedContractMutation,
} = permissionsApi;
