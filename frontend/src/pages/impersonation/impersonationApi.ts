import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';

export type ImpersonationState = ResponseOf<'getImpersonation'>;

/** Impersonation (§6): the session's state, the staff member's challenge link, the challenge, the end. */
export const impersonationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImpersonation: build.query<ImpersonationState, void>({ query: () => 'api/v1/impersonation', providesTags: ['Impersonation'] }),
    createImpersonationLink: build.mutation<ResponseOf<'createImpersonationLink'>, BodyOf<'createImpersonationLink'>>({
      query: (body) => ({ url: 'api/v1/impersonation/links', method: 'POST', body }),
    }),
    startImpersonation: build.mutation<ResponseOf<'startImpersonation'>, BodyOf<'startImpersonation'>>({
      query: (body) => ({ url: 'api/v1/impersonation/start', method: 'POST', body }),
    }),
    endImpersonation: build.mutation<void, void>({ query: () => ({ url: 'api/v1/impersonation/end', method: 'POST' }) }),
  }),
});

export const { useGetImpersonationQuery, useCreateImpersonationLinkMutation, useStartImpersonationMutation, useEndImpersonationMutation } = impersonationApi;
