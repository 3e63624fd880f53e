import type { ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';
import { request } from '../api/request';

export type SpotlightHit = ResponseOf<'searchSpotlight'>['data'][number];

const spotlightApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchSpotlight: build.query<SpotlightHit[], string>({
      query: (q) => request('searchSpotlight', { query: { q, limit: 5 } }),
      transformResponse: (r: ResponseOf<'searchSpotlight'>) => r.data,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchSpotlightQuery } = spotlightApi;
