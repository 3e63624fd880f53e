import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';
import { sessionApi } from './session';

export type Profile = ResponseOf<'getProfile'>;
export type TechnicalNotifications = ResponseOf<'getTechnicalNotifications'>;

/** Keeps the signed-in user (top bar, language) in step with a changed profile. */
const syncMe = (profile: Profile) =>
  sessionApi.util.updateQueryData('getMe', undefined, (me) => {
    Object.assign(me, { firstname: profile.firstname, surname: profile.surname, email: profile.email, language: profile.language, emailVerified: profile.emailVerified });
  });

/** The answer of a mutation, or undefined when it failed (the caller handles the error). */
const settled = <T>(fulfilled: Promise<{ data: T }>): Promise<T | undefined> => fulfilled.then((r) => r.data, () => undefined);

/** My data: contact data, e-mail change and confirmation, technical notifications; forgotten password. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({ query: () => request('getProfile'), providesTags: ['Profile'] }),
    updateProfile: build.mutation<Profile, BodyOf<'updateProfile'>>({
      query: (body) => request('updateProfile', { body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        dispatch(syncMe(data));
      },
    }),
    requestEmailChange: build.mutation<Profile, BodyOf<'requestEmailChange'>>({
      query: (body) => request('requestEmailChange', { body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (data) dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    requestEmailVerification: build.mutation<void, void>({
      query: () => request('requestEmailVerification'),
    }),
    verifyEmail: build.mutation<Profile, BodyOf<'verifyEmail'>>({
      query: (body) => request('verifyEmail', { body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (!data) return;
        dispatch(profileApi.util.upsertQueryData('getProfile', undefined, data));
        dispatch(syncMe(data));
      },
    }),
    getTechnicalNotifications: build.query<TechnicalNotifications, void>({
      query: () => request('getTechnicalNotifications'),
      providesTags: ['TechnicalNotifications'],
    }),
    setTechnicalNotifications: build.mutation<TechnicalNotifications, boolean>({
      query: (subscribed) => request(subscribed ? 'subscribeTechnicalNotifications' : 'unsubscribeTechnicalNotifications'),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const data = await settled(queryFulfilled);
        if (data) dispatch(profileApi.util.upsertQueryData('getTechnicalNotifications', undefined, data));
      },
    }),
    requestPasswordReset: build.mutation<void, BodyOf<'requestPasswordReset'>>({
      query: (body) => request('requestPasswordReset', { body }),
    }),
    checkPasswordResetToken: build.query<true, string>({
      query: (token) => request('checkPasswordResetToken', { body: { token } }),
      transformResponse: () => true,
    }),
    resetPassword: build.mutation<void, BodyOf<'resetPassword'>>({
      query: (body) => request('resetPassword', { body }),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useRequestEmailChangeMutation,
  useRequestEmailVerificationMutation,
  useVerifyEmailMutation,
  useGetTechnicalNotificationsQuery,
  useSetTechnicalNotificationsMutation,
  useRequestPasswordResetMutation,
  useCheckPasswordResetTokenQuery,
  useResetPasswordMutation,
} = profileApi;
