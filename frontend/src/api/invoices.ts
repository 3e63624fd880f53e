import type { QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';

export type InvoicePage = ResponseOf<'listInvoices'>;
export type InvoiceSummary = InvoicePage['data'][number];
export type InvoiceDetail = ResponseOf<'getInvoice'>;
export type PublicLink = ResponseOf<'createInvoicePublicLink'>;

const invoicesApi = api.enhanceEndpoints({ addTagTypes: ['Invoices'] }).injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoicePage, QueryOf<'listInvoices'>>({
      query: (params) => ({ url: 'api/v1/invoices', params }),
      providesTags: ['Invoices'],
    }),
    getInvoice: build.query<InvoiceDetail, number>({
      query: (id) => `api/v1/invoices/${id}`,
      providesTags: ['Invoices'],
    }),
    createInvoicePublicLink: build.mutation<PublicLink, number>({
      query: (id) => ({ url: `api/v1/invoices/${id}/public-link`, method: 'POST' }),
      invalidatesTags: ['Invoices'],
    }),
    getPublicInvoice: build.query<InvoiceDetail, string>({
      query: (token) => `api/v1/public/invoices/${encodeURIComponent(token)}`,
    }),
  }),
});

export const { useListInvoicesQuery, useGetInvoiceQuery, useCreateInvoicePublicLinkMutation, useGetPublicInvoiceQuery } = invoicesApi;

/** The PDF download address (a plain link: the browser sends the session cookie). */
export const invoicePdfUrl = (id: number, language: 'de' | 'en') => `/api/v1/invoices/${id}/pdf?language=${language}`;
export const invoiceEInvoiceUrl = (id: number, format: 'factur-x' | 'xrechnung') => `/api/v1/invoices/${id}/e-invoice?format=${format}`;
export const publicInvoicePdfUrl = (token: string, language: 'de' | 'en') => `/api/v1/public/invoices/${encodeURIComponent(token)}/pdf?language=${language}`;
