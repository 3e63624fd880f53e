import type { QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type ClusterPage = ResponseOf<'listClusters'>;
export type ClusterSummary = ClusterPage['data'][number];

export const clustersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listClusters: build.query<ClusterPage, QueryOf<'listClusters'>>({
      query: (query) => request('listClusters', { query }),
      providesTags: ['Clusters'],
    }),
  }),
});

export const { useListClustersQuery } = clustersApi;
