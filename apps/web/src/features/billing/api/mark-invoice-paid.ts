import { invoice } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';
import { useBillingMutation } from './billing-mutation.ts';

/** POST …/billing/invoices/{invoiceId}/mark-paid: a tenant owner records a bank transfer (built-in provider, open invoices). */
export function markInvoicePaid(tenantId: string, institutionId: string, invoiceId: string) {
  return api.post(`${billingPath(tenantId, institutionId)}/invoices/${encodeURIComponent(invoiceId)}/mark-paid`, undefined, invoice);
}

export function useMarkInvoicePaid(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (invoiceId: string) => markInvoicePaid(tenantId, institutionId, invoiceId));
}
