import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type TokenPage = ResponseOf<'listPersonalAccessTokens'>;
export type PersonalAccessToken = TokenPage['data'][number];
export type TokenQuery = QueryOf<'listPersonalAccessTokens'>;
export type NewToken = BodyOf<'createPersonalAccessToken'>;

/** My data → personal access tokens (§7: list, create, delete). */
export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPersonalAccessTokens: build.query<TokenPage, TokenQuery>({
      query: (params) => ({ url: 'api/v1/me/personal-access-tokens', params }),
      providesTags: ['PersonalAccessTokens'],
    }),
    createPersonalAccessToken: build.mutation<ResponseOf<'createPersonalAccessToken'>, NewToken>({
      query: (body) => ({ url: 'api/v1/me/personal-access-tokens', method: 'POST', body }),
      invalidatesTags: ['PersonalAccessTokens'],
    }),
    deletePersonalAccessToken: build.mutation<void, number>({
      query: (id) => ({ url: `api/v1/me/personal-access-tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PersonalAccessTokens'],
    }),
  }),
});

export const { useListPersonalAccessTokensQuery, useCreatePersonalAccessTokenMutation, useDeletePersonalAccessTokenMutation } = tokensApi;
