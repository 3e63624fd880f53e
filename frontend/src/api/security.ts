import type { BodyOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { request } from './request';

export type TwoFactorStatus = ResponseOf<'getTwoFactorStatus'>;
export type TwoFactorActivation = ResponseOf<'enableTwoFactor'>;
export type SessionSummary = ResponseOf<'listSessions'>['data'][number];

/** My data → security: password, two-factor authentication, recovery phone, sessions; and the sign-in's second step. */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    completeTwoFactorLogin: build.mutation<ResponseOf<'completeTwoFactorLogin'>, BodyOf<'completeTwoFactorLogin'>>({
      query: (body) => request('completeTwoFactorLogin', { body }),
    }),
    updatePassword: build.mutation<ResponseOf<'updatePassword'>, BodyOf<'updatePassword'>>({
      query: (body) => request('updatePassword', { body }),
      invalidatesTags: ['Sessions'],
    }),
    getTwoFactorStatus: build.query<TwoFactorStatus, void>({ query: () => request('getTwoFactorStatus'), providesTags: ['TwoFactor'] }),
    enableTwoFactor: build.mutation<TwoFactorActivation, BodyOf<'enableTwoFactor'>>({
      query: (body) => request('enableTwoFactor', { body }),
      invalidatesTags: ['TwoFactor', 'Me', 'RecoveryPhone'],
    }),
    confirmTwoFactor: build.mutation<ResponseOf<'confirmTwoFactor'>, BodyOf<'confirmTwoFactor'>>({
      query: (body) => request('confirmTwoFactor', { body }),
      invalidatesTags: ['TwoFactor', 'Me'],
    }),
    renewTwoFactorRecoveryCodes: build.mutation<ResponseOf<'renewTwoFactorRecoveryCodes'>, BodyOf<'renewTwoFactorRecoveryCodes'>>({
      query: (body) => request('renewTwoFactorRecoveryCodes', { body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTwoFactor: build.mutation<void, BodyOf<'disableTwoFactor'>>({
      query: (body) => request('disableTwoFactor', { body }),
      invalidatesTags: ['TwoFactor', 'Me', 'RecoveryPhone'],
    }),
    /** §7/§8: a 409 means "no number", not an error. */
    getTwoFactorRecoveryPhone: build.query<string | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(request('getTwoFactorRecoveryPhone'));
        if (result.error?.status === 409) return { data: null };
        if (result.error) return { error: result.error };
        return { data: (result.data as ResponseOf<'getTwoFactorRecoveryPhone'>).phone_number };
      },
      providesTags: ['RecoveryPhone'],
    }),
    updateTwoFactorRecoveryPhone: build.mutation<ResponseOf<'updateTwoFactorRecoveryPhone'>, BodyOf<'updateTwoFactorRecoveryPhone'>>({
      query: (body) => request('updateTwoFactorRecoveryPhone', { body }),
      invalidatesTags: ['RecoveryPhone', 'TwoFactor'],
    }),
    deleteTwoFactorRecoveryPhone: build.mutation<void, void>({
      query: () => request('deleteTwoFactorRecoveryPhone'),
      invalidatesTags: ['RecoveryPhone', 'TwoFactor'],
    }),
    listSessions: build.query<SessionSummary[], void>({
      query: () => request('listSessions'),
      transformResponse: (r: ResponseOf<'listSessions'>) => r.data,
      providesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<ResponseOf<'endOtherSessions'>, void>({
      query: () => request('endOtherSessions'),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useCompleteTwoFactorLoginMutation,
  useUpdatePasswordMutation,
  useGetTwoFactorStatusQuery,
  useEnableTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useRenewTwoFactorRecoveryCodesMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorRecoveryPhoneQuery,
  useUpdateTwoFactorRecoveryPhoneMutation,
  useDeleteTwoFactorRecoveryPhoneMutation,
  useListSessionsQuery,
  useEndOtherSessionsMutation,
} = securityApi;

// The login answer is a session or a challenge; both shapes come from the contract.
export type LoginAnswer = ResponseOf<'login'>;
export const isTwoFactorChallenge = (a: LoginAnswer): a is Extract<LoginAnswer, { twoFactorRequired: true }> => 'twoFactorRequired' in a;
