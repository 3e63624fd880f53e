import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

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
      query: (query) => request('listContracts', { query }),
      providesTags: ['Contracts'],
    }),
    getClusterContract: build.query<ClusterContract, number>({
      query: (contractId) => request('getClusterContract', { contractId }),
      providesTags: ['Contracts'],
    }),
    getDomainContract: build.query<DomainContract, number>({
      query: (contractId) => request('getDomainContract', { contractId }),
      providesTags: ['Contracts'],
    }),
    getClusterTermination: build.query<ClusterTerminationState, number>({
      query: (contractId) => request('getClusterTermination', { contractId }),
      providesTags: ['Contracts'],
    }),
    createClusterTermination: build.mutation<ClusterTermination, { contractId: number; body: TerminationInput }>({
      query: (args) => request('createClusterTermination', args),
      invalidatesTags: ['Contracts', 'Clusters'],
    }),
    updateClusterTermination: build.mutation<ClusterTermination, { contractId: number; terminationId: number; body: TerminationInput }>({
      query: (args) => request('updateClusterTermination', args),
      invalidatesTags: ['Contracts'],
    }),
    changeClusterTermination: build.mutation<ClusterTermination, { contractId: number; terminationId: number; action: 'abort' | 'confirm' }>({
      query: ({ action, ...args }) => request(action === 'abort' ? 'abortClusterTermination' : 'confirmClusterTermination', args),
      invalidatesTags: ['Contracts', 'Clusters'],
    }),
    // A preview changes nothing: a query (cached per input) even though it is a POST.
    previewClusterCosts: build.query<CostPreview, { contractId: number; body: CostPreviewInput }>({
      query: (args) => request('previewClusterCosts', args),
      providesTags: ['Contracts'],
    }),
    createDomainTermination: build.mutation<DomainContract, { contractId: number; confirmed: boolean }>({
      query: ({ contractId, confirmed }) => request('createDomainTermination', { contractId, body: { confirmed } }),
      invalidatesTags: ['Contracts'],
    }),
    renewDomainAuthCode: build.mutation<DomainContract, number>({
      query: (contractId) => request('renewDomainAuthCode', { contractId }),
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
