import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';
import { request } from '../../api/request';

export type ImpersonationState = ResponseOf<'getImpersonation'>;

/** Impersonation (§6): the session's state, the staff member's challenge link, the challenge, the end. */
export const impersonationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImpersonation: build.query<ImpersonationState, void>({ query: () => request('getImpersonation'), providesTags: ['Impersonation'] }),
    createImpersonationLink: build.mutation<ResponseOf<'createImpersonationLink'>, BodyOf<'createImpersonationLink'>>({
      query: (body) => request('createImpersonationLink', { body }),
    }),
    startImpersonation: build.mutation<ResponseOf<'startImpersonation'>, BodyOf<'startImpersonation'>>({
      query: (body) => request('startImpersonation', { body }),
    }),
    endImpersonation: build.mutation<void, void>({ query: () => request('endImpersonation') }),
  }),
});

export const { useGetImpersonationQuery, useCreateImpersonationLinkMutation, useStartImpersonationMutation, useEndImpersonationMutation } = impersonationApi;
