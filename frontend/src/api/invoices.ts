import type { QueryOf, ResponseOf } from '@portal/openapi';
import { api } from './baseApi';
import { pathOf, request } from './request';

export type InvoicePage = ResponseOf<'listInvoices'>;
export type InvoiceSummary = InvoicePage['data'][number];
export type InvoiceDetail = ResponseOf<'getInvoice'>;
export type PublicLink = ResponseOf<'createInvoicePublicLink'>;

const invoicesApi = api.enhanceEndpoints({ addTagTypes: ['Invoices'] }).injectEndpoints({
  endpoints: (build) => ({
    listInvoices: build.query<InvoicePage, QueryOf<'listInvoices'>>({
      query: (query) => request('listInvoices', { query }),
      providesTags: ['Invoices'],
    }),
    getInvoice: build.query<InvoiceDetail, number>({
      query: (invoiceId) => request('getInvoice', { invoiceId }),
      providesTags: ['Invoices'],
    }),
    createInvoicePublicLink: build.mutation<PublicLink, number>({
      query: (invoiceId) => request('createInvoicePublicLink', { invoiceId }),
      invalidatesTags: ['Invoices'],
    }),
    getPublicInvoice: build.query<InvoiceDetail, string>({
      query: (token) => request('getPublicInvoice', { token }),
    }),
  }),
});

export const { useListInvoicesQuery, useGetInvoiceQuery, useCreateInvoicePublicLinkMutation, useGetPublicInvoiceQuery } = invoicesApi;

/** The PDF download address (a plain link: the browser sends the session cookie). */
export const invoicePdfUrl = (invoiceId: number, language: 'de' | 'en') => pathOf('getInvoicePdf', { invoiceId, query: { language } });
export const invoiceEInvoiceUrl = (invoiceId: number, format: 'factur-x' | 'xrechnung') => pathOf('getInvoiceEInvoice', { invoiceId, query: { format } });
export const publicInvoicePdfUrl = (token: string, language: 'de' | 'en') => pathOf('getPublicInvoicePdf', { token, query: { language } });
