import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type ManagedCustomer = ResponseOf<'listManagedCustomers'>['data'][number];
export type AdministratedContract = ResponseOf<'listAdministratedContracts'>['data'][number];

/** My data → permissions: the user's own manager and administrator rights (§7: both lists load in parallel). */
export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listManagedCustomers: build.query<ManagedCustomer[], void>({
      query: () => 'api/v1/me/permissions/customers',
      transformResponse: (r: ResponseOf<'listManagedCustomers'>) => r.data,
      providesTags: ['Permissions'],
    }),
    listAdministratedContracts: build.query<AdministratedContract[], void>({
      query: () => 'api/v1/me/permissions/contracts',
      transformResponse: (r: ResponseOf<'listAdministratedContracts'>) => r.data,
      providesTags: ['Permissions'],
    }),
    revokeManagedCustomer: build.mutation<void, BodyOf<'revokeManagedCustomer'>>({
      query: (body) => ({ url: 'api/v1/me/permissions/customers/revoke', method: 'POST', body }),
      invalidatesTags: ['Permissions', 'Clusters'],
    }),
    revokeAdministratedContract: build.mutation<void, BodyOf<'revokeAdministratedContract'>>({
      query: (body) => ({ url: 'api/v1/me/permissions/contracts/revoke', method: 'POST', body }),
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
