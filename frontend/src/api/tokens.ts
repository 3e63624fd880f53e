import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type TokenPage = ResponseOf<'listPersonalAccessTokens'>;
export type PersonalAccessToken = TokenPage['data'][number];
export type TokenQuery = QueryOf<'listPersonalAccessTokens'>;
export type NewToken = BodyOf<'createPersonalAccessToken'>;

/** My data → personal access tokens (§7: list, create, delete). */
export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPersonalAccessTokens: build.query<TokenPage, TokenQuery>({
      query: (query) => request('listPersonalAccessTokens', { query }),
      providesTags: ['PersonalAccessTokens'],
    }),
    createPersonalAccessToken: build.mutation<ResponseOf<'createPersonalAccessToken'>, NewToken>({
      query: (body) => request('createPersonalAccessToken', { body }),
      invalidatesTags: ['PersonalAccessTokens'],
    }),
    deletePersonalAccessToken: build.mutation<void, number>({
      query: (tokenId) => request('deletePersonalAccessToken', { tokenId }),
      invalidatesTags: ['PersonalAccessTokens'],
    }),
  }),
});

export const { useListPersonalAccessTokensQuery, useCreatePersonalAccessTokenMutation, useDeletePersonalAccessTokenMutation } = tokensApi;
