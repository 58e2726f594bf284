import { invoice, listOf, toSearch, type InvoiceListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKey, billingPath } from './billing-keys.ts';

type InvoicePage = Pick<InvoiceListQuery, 'page' | 'limit'> & Partial<Pick<InvoiceListQuery, 'status'>>;

/** GET …/billing/invoices: newest first, paginated on the server. */
export function listInvoices(tenantId: string, institutionId: string, q: InvoicePage, signal?: AbortSignal) {
  return apiRequest(`${billingPath(tenantId, institutionId)}/invoices${toSearch(q)}`, { schema: listOf(invoice), signal });
}

export const invoicesQueryOptions = (tenantId: string, institutionId: string, q: InvoicePage) =>
  queryOptions({
    queryKey: [...billingKey(tenantId, institutionId), 'invoices', q],
    queryFn: ({ signal }) => listInvoices(tenantId, institutionId, q, signal),
    placeholderData: keepPreviousData,
  });

export function useInvoices(tenantId: string, institutionId: string, q: InvoicePage) {
  return useQuery(invoicesQueryOptions(tenantId, institutionId, q));
}
