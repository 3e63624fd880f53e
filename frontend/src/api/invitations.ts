import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type InvitationDetails = ResponseOf<'showInvitation'>;
export type InvitationLink = BodyOf<'showInvitation'>;
export type InvitationType = InvitationDetails['role'];

/** Invitation links: look at one, accept, decline, or register with it (§2 registration and invitations). */
export const invitationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST so the token stays out of URLs and logs; still a query (loaded with the page, cached per link).
    showInvitation: build.query<InvitationDetails, InvitationLink>({
      query: (body) => ({ url: 'api/v1/invitations/lookup', method: 'POST', body }),
      providesTags: ['Invitation'],
    }),
    acceptInvitation: build.mutation<InvitationDetails, InvitationLink>({
      query: (body) => ({ url: 'api/v1/invitations/accept', method: 'POST', body }),
      invalidatesTags: ['Permissions', 'Clusters'],
    }),
    declineInvitation: build.mutation<void, InvitationLink>({
      query: (body) => ({ url: 'api/v1/invitations/decline', method: 'POST', body }),
    }),
    registerWithInvitation: build.mutation<ResponseOf<'registerWithInvitation'>, BodyOf<'registerWithInvitation'>>({
      query: (body) => ({ url: 'api/v1/invitations/register', method: 'POST', body }),
    }),
  }),
});

export const { useShowInvitationQuery, useAcceptInvitationMutation, useDeclineInvitationMutation, useRegisterWithInvitationMutation } = invitationsApi;
