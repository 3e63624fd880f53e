import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type Me = ResponseOf<'getMe'>;

/** Sign-in, sign-out, refresh and the current user. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({ query: () => 'api/v1/me', providesTags: ['Me'] }),
    login: build.mutation<ResponseOf<'login'>, BodyOf<'login'>>({
      query: (body) => ({ url: 'api/v1/session', method: 'POST', body }),
    }),
    logout: build.mutation<void, void>({ query: () => ({ url: 'api/v1/session', method: 'DELETE' }) }),
    refreshSession: build.mutation<ResponseOf<'refreshSession'>, void>({
      query: () => ({ url: 'api/v1/session/refresh', method: 'POST' }),
    }),
    updateUiSettings: build.mutation<Me, BodyOf<'updateUiSettings'>>({
      query: (body) => ({ url: 'api/v1/me/settings', method: 'PATCH', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(sessionApi.util.upsertQueryData('getMe', undefined, data));
      },
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useLogoutMutation, useRefreshSessionMutation, useUpdateUiSettingsMutation } = sessionApi;
