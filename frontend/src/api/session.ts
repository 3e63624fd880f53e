import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type Me = ResponseOf<'getMe'>;

/** Sign-in, sign-out, refresh and the current user. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({ query: () => request('getMe'), providesTags: ['Me'] }),
    login: build.mutation<ResponseOf<'login'>, BodyOf<'login'>>({
      query: (body) => request('login', { body }),
    }),
    logout: build.mutation<void, void>({ query: () => request('logout') }),
    refreshSession: build.mutation<ResponseOf<'refreshSession'>, void>({
      query: () => request('refreshSession'),
    }),
    updateUiSettings: build.mutation<Me, BodyOf<'updateUiSettings'>>({
      query: (body) => request('updateUiSettings', { body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(sessionApi.util.upsertQueryData('getMe', undefined, data));
      },
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useLogoutMutation, useRefreshSessionMutation, useUpdateUiSettingsMutation } = sessionApi;
