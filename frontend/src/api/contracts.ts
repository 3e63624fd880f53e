import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type ContractPage = ResponseOf<'listContracts'>;
export type ContractSummary = ContractPage['data'][number];
export type ClusterContract = ResponseOf<'getClusterContract'>;
export type DomainContract = ResponseOf<'getDomainContract'>;
export type ClusterTerminationState = ResponseOf<'getClusterTermination'>;
export type ClusterTermination = ResponseOf<'createClusterTermination'>;
export type TerminationInput = BodyOf<'createClusterTermination'>;
export type CostPreview = ResponseOf<'previewClusterCosts'>;
export type CostPreviewInput = BodyOf<'previewClusterCosts'>;
export type DomainAuthCode = NonNullable<DomainContract['authCode']>;

const contractsApi = api.enhanceEndpoints({ addTagTypes: ['Contracts'] }).injectEndpoints({
  endpoints: (build) => ({
    listContracts: build.query<ContractPage, QueryOf<'listContracts'>>({
      query: (params) => ({ url: 'api/v1/contracts', params }),
      providesTags: ['Contracts'],
    }),
    getClusterContract: build.query<ClusterContract, number>({
      query: (id) => `api/v1/contracts/cluster/${id}`,
      providesTags: ['Contracts'],
    }),
    getDomainContract: build.query<DomainContract, number>({
      query: (id) => `api/v1/contracts/domain/${id}`,
      providesTags: ['Contracts'],
    }),
    getClusterTermination: build.query<ClusterTerminationState, number>({
      query: (id) => `api/v1/contracts/cluster/${id}/termination`,
      providesTags: ['Contracts'],
    }),
    createClusterTermination: build.mutation<ClusterTermination, { contractId: number; body: TerminationInput }>({
      query: ({ contractId, body }) => ({ url: `api/v1/contracts/cluster/${contractId}/termination`, method: 'POST', body }),
      invalidatesTags: ['Contracts', 'Clusters'],
    }),
    updateClusterTermination: build.mutation<ClusterTermination, { contractId: number; terminationId: number; body: TerminationInput }>({
      query: ({ contractId, terminationId, body }) => ({ url: `api/v1/contracts/cluster/${contractId}/termination/${terminationId}`, method: 'PUT', body }),
      invalidatesTags: ['Contracts'],
    }),
    changeClusterTermination: build.mutation<ClusterTermination, { contractId: number; terminationId: number; action: 'abort' | 'confirm' }>({
      query: ({ contractId, terminationId, action }) => ({ url: `api/v1/contracts/cluster/${contractId}/termination/${terminationId}/${action}`, method: 'POST' }),
      invalidatesTags: ['Contracts', 'Clusters'],
    }),
    // A preview changes nothing: a query (cached per input) even though it is a POST.
    previewClusterCosts: build.query<CostPreview, { contractId: number; body: CostPreviewInput }>({
      query: ({ contractId, body }) => ({ url: `api/v1/contracts/cluster/${contractId}/cost-preview`, method: 'POST', body }),
      providesTags: ['Contracts'],
    }),
    createDomainTermination: build.mutation<DomainContract, { contractId: number; confirmed: boolean }>({
      query: ({ contractId, confirmed }) => ({ url: `api/v1/contracts/domain/${contractId}/termination`, method: 'POST', body: { confirmed } }),
      invalidatesTags: ['Contracts'],
    }),
    renewDomainAuthCode: build.mutation<DomainContract, number>({
      query: (contractId) => ({ url: `api/v1/contracts/domain/${contractId}/auth-code`, method: 'POST' }),
      invalidatesTags: ['Contracts'],
    }),
  }),
});

export const {
  useListContractsQuery,
  useGetClusterContractQuery,
  useGetDomainContractQuery,
  useGetClusterTerminationQuery,
  useCreateClusterTerminationMutation,
  useUpdateClusterTerminationMutation,
  useChangeClusterTerminationMutation,
  useCreateDomainTerminationMutation,
  usePreviewClusterCostsQuery,
  useRenewDomainAuthCodeMutation,
} = contractsApi;
