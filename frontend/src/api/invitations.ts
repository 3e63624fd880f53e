import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type InvitationDetails = ResponseOf<'showInvitation'>;
export type InvitationLink = BodyOf<'showInvitation'>;
export type InvitationType = InvitationDetails['role'];

/** Invitation links: look at one, accept, decline, or register with it (§2 registration and invitations). */
export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST so the token stays out of URLs and logs; still a query (loaded with the page, cached per link).
    showInvitation: build.query<InvitationDetails, InvitationLink>({
      query: (body) => request('showInvitation', { body }),
      providesTags: ['Invitation'],
    }),
    acceptInvitation: build.mutation<InvitationDetails, InvitationLink>({
      query: (body) => request('acceptInvitation', { body }),
      invalidatesTags: ['Permissions', 'Clusters'],
    }),
    declineInvitation: build.mutation<void, InvitationLink>({
      query: (body) => request('declineInvitation', { body }),
    }),
    registerWithInvitation: build.mutation<ResponseOf<'registerWithInvitation'>, BodyOf<'registerWithInvitation'>>({
      query: (body) => request('registerWithInvitation', { body }),
    }),
  }),
});

export const { useShowInvitationQuery, useAcceptInvitationMutation, useDeclineInvitationMutation, useRegisterWithInvitationMutation } = invitationsApi;
