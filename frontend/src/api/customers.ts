import type { BodyOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from './baseApi';
import { pathOf, request } from './request';

export type CustomerSummary = Schemas['CustomerSummary'];
export type CustomerDetail = Schemas['CustomerDetail'];
export type CustomerTeam = Schemas['CustomerTeam'];
export type TeamInvitation = Schemas['TeamInvitation'];
export type CustomerPayment = Schemas['CustomerPayment'];
export type DomainHandle = Schemas['DomainHandle'];
export type DomainHandleInput = Schemas['DomainHandleInput'];
export type CustomerDocument = Schemas['CustomerDocument'];
export type CustomerDpa = Schemas['CustomerDpa'];

/** Download addresses (the browser fetches them with the session cookie; see ui/DownloadButton). */
export const customerDocumentUrl = (customerId: number, documentId: number) => pathOf('downloadCustomerDocument', { customerId, documentId });
export const clusterDocumentUrl = (clusterId: number, documentId: number) => pathOf('downloadClusterDocument', { clusterId, documentId });
export const dpaTomsUrl = (language: 'de' | 'en') => pathOf('downloadDpaToms', { query: { language } });

/** The customer dashboard (§2): managed customers, company data and the team of managers and administrators. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerSummary[], void>({
      query: () => request('listCustomers'),
      transformResponse: (r: ResponseOf<'listCustomers'>) => r.data,
      providesTags: ['Customers'],
    }),
    getCustomer: build.query<CustomerDetail, number>({
      query: (customerId) => request('getCustomer', { customerId }),
      providesTags: (_r, _e, id) => [{ type: 'Customers', id }],
    }),
    updateCustomer: build.mutation<CustomerDetail, { customerId: number; body: BodyOf<'updateCustomer'> }>({
      query: (args) => request('updateCustomer', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : ['Customers', { type: 'Customers', id: customerId }, { type: 'CustomerTeam', id: customerId }]),
    }),
    getCustomerTeam: build.query<CustomerTeam, number>({
      query: (customerId) => request('getCustomerTeam', { customerId }),
      providesTags: (_r, _e, id) => [{ type: 'CustomerTeam', id }],
    }),
    inviteToCustomer: build.mutation<TeamInvitation, { customerId: number; body: BodyOf<'inviteToCustomer'> }>({
      query: (args) => request('inviteToCustomer', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerTeam', id: customerId }]),
    }),
    resendCustomerInvitation: build.mutation<TeamInvitation, { customerId: number; invitationId: number }>({
      query: (args) => request('resendCustomerInvitation', args),
      invalidatesTags: (_r, _e, { customerId }) => [{ type: 'CustomerTeam', id: customerId }],
    }),
    deleteCustomerInvitation: build.mutation<void, { customerId: number; invitationId: number }>({
      query: (args) => request('deleteCustomerInvitation', args),
      invalidatesTags: (_r, _e, { customerId }) => [{ type: 'CustomerTeam', id: customerId }],
    }),
    removeCustomerManager: build.mutation<void, { customerId: number; userId: number }>({
      query: (args) => request('removeCustomerManager', args),
      invalidatesTags: (_r, error, { customerId }) =>
        error ? [] : [{ type: 'CustomerTeam', id: customerId }, { type: 'Customers', id: customerId }, 'Customers', 'Permissions', 'Clusters'],
    }),
    removeClusterAdministrator: build.mutation<void, { customerId: number; clusterId: number; userId: number }>({
      query: (args) => request('removeClusterAdministrator', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerTeam', id: customerId }, 'Permissions', 'Clusters']),
    }),
    getCustomerPayment: build.query<CustomerPayment, number>({
      query: (customerId) => request('getCustomerPayment', { customerId }),
      providesTags: (_r, _e, id) => [{ type: 'CustomerPayment', id }],
    }),
    updateCustomerPayment: build.mutation<CustomerPayment, { customerId: number; body: BodyOf<'updateCustomerPayment'> }>({
      query: (args) => request('updateCustomerPayment', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerPayment', id: customerId }, { type: 'Customers', id: customerId }]),
    }),
    issueLocalCardToken: build.mutation<ResponseOf<'issueLocalCardToken'>, BodyOf<'issueLocalCardToken'>>({
      query: (body) => request('issueLocalCardToken', { body }),
    }),
    listCustomerHandles: build.query<DomainHandle[], number>({
      query: (customerId) => request('listCustomerHandles', { customerId }),
      transformResponse: (r: ResponseOf<'listCustomerHandles'>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'CustomerHandles', id }],
    }),
    createCustomerHandle: build.mutation<DomainHandle, { customerId: number; body: DomainHandleInput }>({
      query: (args) => request('createCustomerHandle', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    updateCustomerHandle: build.mutation<DomainHandle, { customerId: number; handleId: number; body: DomainHandleInput }>({
      query: (args) => request('updateCustomerHandle', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    deleteCustomerHandle: build.mutation<void, { customerId: number; handleId: number }>({
      query: (args) => request('deleteCustomerHandle', args),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    setClusterFavourite: build.mutation<void, { clusterId: number; favourite: boolean }>({
      query: ({ clusterId, favourite }) => request('setClusterFavourite', { clusterId, body: { favourite } }),
      invalidatesTags: ['Clusters'],
    }),
    updateClusterDetails: build.mutation<ResponseOf<'updateClusterDetails'>, { clusterId: number; body: BodyOf<'updateClusterDetails'> }>({
      query: (args) => request('updateClusterDetails', args),
      invalidatesTags: (_r, error) => (error ? [] : ['Clusters', 'CustomerTeam']),
    }),
    listCustomerDocuments: build.query<ResponseOf<'listCustomerDocuments'>, number>({
      query: (customerId) => request('listCustomerDocuments', { customerId }),
      providesTags: (_r, _e, id) => [{ type: 'CustomerDocuments', id }],
    }),
    listClusterDocuments: build.query<CustomerDocument[], number>({
      query: (clusterId) => request('listClusterDocuments', { clusterId }),
      transformResponse: (r: ResponseOf<'listClusterDocuments'>) => r.data,
    }),
    getCustomerDpa: build.query<CustomerDpa, number>({
      query: (customerId) => request('getCustomerDpa', { customerId }),
      providesTags: (_r, _e, id) => [{ type: 'CustomerDpa', id }],
    }),
    concludeCustomerDpa: build.mutation<CustomerDpa, { customerId: number; body: BodyOf<'concludeCustomerDpa'> }>({
      query: (args) => request('concludeCustomerDpa', args),
      invalidatesTags: (_r, error, { customerId }) =>
        error ? [] : [{ type: 'CustomerDpa', id: customerId }, { type: 'CustomerDocuments', id: customerId }, { type: 'Customers', id: customerId }, 'Customers'],
    }),
    setClusterTwoFactorRequirement: build.mutation<ResponseOf<'setClusterTwoFactorRequirement'>, { clusterId: number; required: boolean }>({
      query: ({ clusterId, required }) => request('setClusterTwoFactorRequirement', { clusterId, body: { required } }),
      invalidatesTags: (_r, error) => (error ? [] : ['Clusters']),
    }),
  }),
});

export const {
  useListCustomerDocumentsQuery,
  useListClusterDocumentsQuery,
  useGetCustomerDpaQuery,
  useConcludeCustomerDpaMutation,
  useSetClusterTwoFactorRequirementMutation,
  useSetClusterFavouriteMutation,
  useUpdateClusterDetailsMutation,
  useListCustomerHandlesQuery,
  useCreateCustomerHandleMutation,
  useUpdateCustomerHandleMutation,
  useDeleteCustomerHandleMutation,
  useGetCustomerPaymentQuery,
  useUpdateCustomerPaymentMutation,
  useIssueLocalCardTokenMutation,
  useListCustomersQuery,
  useGetCustomerQuery,
  useUpdateCustomerMutation,
  useGetCustomerTeamQuery,
  useInviteToCustomerMutation,
  useResendCustomerInvitationMutation,
  useDeleteCustomerInvitationMutation,
  useRemoveCustomerManagerMutation,
  useRemoveClusterAdministratorMutation,
} = customersApi;
