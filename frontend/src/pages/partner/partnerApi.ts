import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import { api } from '../../api/baseApi';
import { pathOf, request } from '../../api/request';

export type PartnerSummary = ResponseOf<'listPartners'>['data'][number];
export type PartnerOverview = ResponseOf<'getPartnerOverview'>;
export type CreditList = ResponseOf<'listCommissionCredits'>;
export type PartnerContractPage = ResponseOf<'listPartnerContracts'>;
export type PartnerUsers = ResponseOf<'listPartnerUsers'>;
export type SalesMaterialList = ResponseOf<'listSalesMaterial'>;

const partnerApi = api.enhanceEndpoints({ addTagTypes: ['PartnerUsers'] }).injectEndpoints({
  endpoints: (build) => ({
    listPartners: build.query<ResponseOf<'listPartners'>, void>({ query: () => request('listPartners') }),
    getPartnerOverview: build.query<PartnerOverview, { partnerId: number } & QueryOf<'getPartnerOverview'>>({
      query: ({ partnerId, ...query }) => request('getPartnerOverview', { partnerId, query }),
    }),
    listCommissionCredits: build.query<CreditList, { partnerId: number } & QueryOf<'listCommissionCredits'>>({
      query: ({ partnerId, ...query }) => request('listCommissionCredits', { partnerId, query }),
    }),
    listPartnerContracts: build.query<PartnerContractPage, { partnerId: number } & QueryOf<'listPartnerContracts'>>({
      query: ({ partnerId, ...query }) => request('listPartnerContracts', { partnerId, query }),
    }),
    listPartnerUsers: build.query<PartnerUsers, number>({
      query: (partnerId) => request('listPartnerUsers', { partnerId }),
      providesTags: ['PartnerUsers'],
    }),
    addPartnerUser: build.mutation<ResponseOf<'addPartnerUser'>, { partnerId: number } & BodyOf<'addPartnerUser'>>({
      query: ({ partnerId, ...body }) => request('addPartnerUser', { partnerId, body }),
      invalidatesTags: ['PartnerUsers'],
    }),
    removePartnerUser: build.mutation<void, { partnerId: number; userId: number }>({
      query: ({ partnerId, userId }) => request('removePartnerUser', { partnerId, userId }),
      invalidatesTags: ['PartnerUsers'],
    }),
    listSalesMaterial: build.query<SalesMaterialList, QueryOf<'listSalesMaterial'>>({
      query: (query) => request('listSalesMaterial', { query }),
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
    pathOf('exportCommissionCredits', { partnerId, query: { language, ...(customerId ? { customerId } : {}) } }),
  creditNote: (partnerId: number, creditId: number, language: 'de' | 'en') => pathOf('getCreditNotePdf', { partnerId, creditId, query: { language } }),
  material: (materialId: number) => pathOf('downloadSalesMaterial', { materialId }),
};
