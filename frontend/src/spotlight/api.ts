import type { ResponseOf } from '@portal/openapi';
import { api } from '../api/baseApi';

export type SpotlightHit = ResponseOf<'searchSpotlight'>['data'][number];

const spotlightApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchSpotlight: build.query<SpotlightHit[], string>({
      query: (q) => ({ url: 'api/v1/spotlight', params: { q, limit: 5 } }),
      transformResponse: (r: ResponseOf<'searchSpotlight'>) => r.data,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchSpotlightQuery } = spotlightApi;
