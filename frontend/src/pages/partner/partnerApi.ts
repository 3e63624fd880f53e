import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';

export type PartnerSummary = ResponseOf<'listPartners'>['data'][number];
export type PartnerOverview = ResponseOf<'getPartnerOverview'>;
export type CreditList = ResponseOf<'listCommissionCredits'>;
export type PartnerContractPage = ResponseOf<'listPartnerContracts'>;
export type PartnerUsers = ResponseOf<'listPartnerUsers'>;
export type SalesMaterialList = ResponseOf<'listSalesMaterial'>;

const partnerApi = api.enhanceEndpoints({ addTagTypes: ['PartnerUsers'] }).injectEndpoints({
  endpoints: (build) => ({
    listPartners: build.query<ResponseOf<'listPartners'>, void>({ query: () => 'api/v1/partners' }),
    getPartnerOverview: build.query<PartnerOverview, { partnerId: number } & QueryOf<'getPartnerOverview'>>({
      query: ({ partnerId, ...params }) => ({ url: `api/v1/partners/${partnerId}/overview`, params }),
    }),
    listCommissionCredits: build.query<CreditList, { partnerId: number } & QueryOf<'listCommissionCredits'>>({
      query: ({ partnerId, ...params }) => ({ url: `api/v1/partners/${partnerId}/credits`, params }),
    }),
    listPartnerContracts: build.query<PartnerContractPage, { partnerId: number } & QueryOf<'listPartnerContracts'>>({
      query: ({ partnerId, ...params }) => ({ url: `api/v1/partners/${partnerId}/contracts`, params }),
    }),
    listPartnerUsers: build.query<PartnerUsers, number>({
      query: (partnerId) => `api/v1/partners/${partnerId}/users`,
      providesTags: ['PartnerUsers'],
    }),
    addPartnerUser: build.mutation<ResponseOf<'addPartnerUser'>, { partnerId: number } & BodyOf<'addPartnerUser'>>({
      query: ({ partnerId, ...body }) => ({ url: `api/v1/partners/${partnerId}/users`, method: 'POST', body }),
      invalidatesTags: ['PartnerUsers'],
    }),
    removePartnerUser: build.mutation<void, { partnerId: number; userId: number }>({
      query: ({ partnerId, userId }) => ({ url: `api/v1/partners/${partnerId}/users/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['PartnerUsers'],
    }),
    listSalesMaterial: build.query<SalesMaterialList, QueryOf<'listSalesMaterial'>>({
      query: (params) => ({ url: 'api/v1/partner-material', params }),
    }),
  }),
});

export const {
  useListPartnersQuery,
  useGetPartnerOverviewQuery,
  useListCommissionCreditsQuery,
  useListPartnerContractsQuery,
  useListPartnerUsersQuery,
  useAddPartnerUserMutation,
  useRemovePartnerUserMutation,
  useListSalesMaterialQuery,
} = partnerApi;

/** Download addresses (plain links: the browser sends the session cookie and saves the attachment). */
export const partnerDownloads = {
  creditsCsv: (partnerId: number, language: 'de' | 'en', customerId?: number) =>
    `/api/v1/partners/${partnerId}/credits/export?language=${language}${customerId ? `&customerId=${customerId}` : ''}`,
  creditNote: (partnerId: number, creditId: number, language: 'de' | 'en') => `/api/v1/partners/${partnerId}/credits/${creditId}/pdf?language=${language}`,
  material: (materialId: number) => `/api/v1/partner-material/${materialId}/download`,
};
