import type { Invoice } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { billingPath } from './billing-keys.ts';

/** GET …/billing/invoices/{invoiceId}/pdf with the session's token, saved as <number>.pdf. */
export async function downloadInvoicePdf(tenantId: string, institutionId: string, invoice: Pick<Invoice, '_id' | 'number'>) {
  const blob = await apiDownload(`${billingPath(tenantId, institutionId)}/invoices/${encodeURIComponent(invoice._id)}/pdf`);
  saveFile(blob, `${invoice.number}.pdf`);
}

export function useDownloadInvoicePdf(tenantId: string, institutionId: string) {
  return useMutation({ mutationFn: (invoice: Pick<Invoice, '_id' | 'number'>) => downloadInvoicePdf(tenantId, institutionId, invoice) });
}
