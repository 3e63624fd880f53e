import type { BodyOf, ResponseOf, Schemas } from '@portal/openapi';
import { api } from './baseApi';

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
export const customerDocumentUrl = (customerId: number, documentId: number) => `/api/v1/customers/${customerId}/documents/${documentId}/download`;
export const clusterDocumentUrl = (clusterId: number, documentId: number) => `/api/v1/clusters/${clusterId}/documents/${documentId}/download`;
export const dpaTomsUrl = (language: 'de' | 'en') => `/api/v1/dpa/toms?language=${language}`;

/** The customer dashboard (§2): managed customers, company data and the team of managers and administrators. */
export const customersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<CustomerSummary[], void>({
      query: () => 'api/v1/customers',
      transformResponse: (r: ResponseOf<'listCustomers'>) => r.data,
      providesTags: ['Customers'],
    }),
    getCustomer: build.query<CustomerDetail, number>({
      query: (customerId) => `api/v1/customers/${customerId}`,
      providesTags: (_r, _e, id) => [{ type: 'Customers', id }],
    }),
    updateCustomer: build.mutation<CustomerDetail, { customerId: number; body: BodyOf<'updateCustomer'> }>({
      query: ({ customerId, body }) => ({ url: `api/v1/customers/${customerId}`, method: 'PUT', body }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : ['Customers', { type: 'Customers', id: customerId }, { type: 'CustomerTeam', id: customerId }]),
    }),
    getCustomerTeam: build.query<CustomerTeam, number>({
      query: (customerId) => `api/v1/customers/${customerId}/team`,
      providesTags: (_r, _e, id) => [{ type: 'CustomerTeam', id }],
    }),
    inviteToCustomer: build.mutation<TeamInvitation, { customerId: number; body: BodyOf<'inviteToCustomer'> }>({
      query: ({ customerId, body }) => ({ url: `api/v1/customers/${customerId}/invitations`, method: 'POST', body }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerTeam', id: customerId }]),
    }),
    resendCustomerInvitation: build.mutation<TeamInvitation, { customerId: number; invitationId: number }>({
      query: ({ customerId, invitationId }) => ({ url: `api/v1/customers/${customerId}/invitations/${invitationId}/resend`, method: 'POST' }),
      invalidatesTags: (_r, _e, { customerId }) => [{ type: 'CustomerTeam', id: customerId }],
    }),
    deleteCustomerInvitation: build.mutation<void, { customerId: number; invitationId: number }>({
      query: ({ customerId, invitationId }) => ({ url: `api/v1/customers/${customerId}/invitations/${invitationId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { customerId }) => [{ type: 'CustomerTeam', id: customerId }],
    }),
    removeCustomerManager: build.mutation<void, { customerId: number; userId: number }>({
      query: ({ customerId, userId }) => ({ url: `api/v1/customers/${customerId}/managers/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { customerId }) =>
        error ? [] : [{ type: 'CustomerTeam', id: customerId }, { type: 'Customers', id: customerId }, 'Customers', 'Permissions', 'Clusters'],
    }),
    removeClusterAdministrator: build.mutation<void, { customerId: number; clusterId: number; userId: number }>({
      query: ({ customerId, clusterId, userId }) => ({ url: `api/v1/customers/${customerId}/clusters/${clusterId}/administrators/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerTeam', id: customerId }, 'Permissions', 'Clusters']),
    }),
    getCustomerPayment: build.query<CustomerPayment, number>({
      query: (customerId) => `api/v1/customers/${customerId}/payment`,
      providesTags: (_r, _e, id) => [{ type: 'CustomerPayment', id }],
    }),
    updateCustomerPayment: build.mutation<CustomerPayment, { customerId: number; body: BodyOf<'updateCustomerPayment'> }>({
      query: ({ customerId, body }) => ({ url: `api/v1/customers/${customerId}/payment`, method: 'PUT', body }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerPayment', id: customerId }, { type: 'Customers', id: customerId }]),
    }),
    issueLocalCardToken: build.mutation<ResponseOf<'issueLocalCardToken'>, BodyOf<'issueLocalCardToken'>>({
      query: (body) => ({ url: 'api/v1/payment-provider/local/card-tokens', method: 'POST', body }),
    }),
    listCustomerHandles: build.query<DomainHandle[], number>({
      query: (customerId) => `api/v1/customers/${customerId}/handles`,
      transformResponse: (r: ResponseOf<'listCustomerHandles'>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'CustomerHandles', id }],
    }),
    createCustomerHandle: build.mutation<DomainHandle, { customerId: number; body: DomainHandleInput }>({
      query: ({ customerId, body }) => ({ url: `api/v1/customers/${customerId}/handles`, method: 'POST', body }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    updateCustomerHandle: build.mutation<DomainHandle, { customerId: number; handleId: number; body: DomainHandleInput }>({
      query: ({ customerId, handleId, body }) => ({ url: `api/v1/customers/${customerId}/handles/${handleId}`, method: 'PUT', body }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    deleteCustomerHandle: build.mutation<void, { customerId: number; handleId: number }>({
      query: ({ customerId, handleId }) => ({ url: `api/v1/customers/${customerId}/handles/${handleId}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { customerId }) => (error ? [] : [{ type: 'CustomerHandles', id: customerId }]),
    }),
    setClusterFavourite: build.mutation<void, { clusterId: number; favourite: boolean }>({
      query: ({ clusterId, favourite }) => ({ url: `api/v1/clusters/${clusterId}/favourite`, method: 'PUT', body: { favourite } }),
      invalidatesTags: ['Clusters'],
    }),
    updateClusterDetails: build.mutation<ResponseOf<'updateClusterDetails'>, { clusterId: number; body: BodyOf<'updateClusterDetails'> }>({
      query: ({ clusterId, body }) => ({ url: `api/v1/clusters/${clusterId}/details`, method: 'PATCH', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Clusters', 'CustomerTeam']),
    }),
    listCustomerDocuments: build.query<ResponseOf<'listCustomerDocuments'>, number>({
      query: (customerId) => `api/v1/customers/${customerId}/documents`,
      providesTags: (_r, _e, id) => [{ type: 'CustomerDocuments', id }],
    }),
    listClusterDocuments: build.query<CustomerDocument[], number>({
      query: (clusterId) => `api/v1/clusters/${clusterId}/documents`,
      transformResponse: (r: ResponseOf<'listClusterDocuments'>) => r.data,
    }),
    getCustomerDpa: build.query<CustomerDpa, number>({
      query: (customerId) => `api/v1/customers/${customerId}/dpa`,
      providesTags: (_r, _e, id) => [{ type: 'CustomerDpa', id }],
    }),
    concludeCustomerDpa: build.mutation<CustomerDpa, { customerId: number; body: BodyOf<'concludeCustomerDpa'> }>({
      query: ({ customerId, body }) => ({ url: `api/v1/customers/${customerId}/dpa/conclusions`, method: 'POST', body }),
      invalidatesTags: (_r, error, { customerId }) =>
        error ? [] : [{ type: 'CustomerDpa', id: customerId }, { type: 'CustomerDocuments', id: customerId }, { type: 'Customers', id: customerId }, 'Customers'],
    }),
    setClusterTwoFactorRequirement: build.mutation<ResponseOf<'setClusterTwoFactorRequirement'>, { clusterId: number; required: boolean }>({
      query: ({ clusterId, required }) => ({ url: `api/v1/clusters/${clusterId}/two-factor-requirement`, method: 'PUT', body: { required } }),
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
