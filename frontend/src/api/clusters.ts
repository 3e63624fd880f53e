import type { QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type ClusterPage = ResponseOf<'listClusters'>;
export type ClusterSummary = ClusterPage['data'][number];

export const clustersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listClusters: build.query<ClusterPage, QueryOf<'listClusters'>>({
      query: (params) => ({ url: 'api/v1/clusters', params }),
      providesTags: ['Clusters'],
    }),
  }),
});

export const { useListClustersQuery } = clustersApi;
