import { paymentMethod } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useBillingMutation } from './billing-mutation.ts';
import { paymentMethodsPath } from './list-payment-methods.ts';

/** PUT …/billing/payment-methods/{id}/primary: invoices are charged to this card from now on. */
export function setPrimaryPaymentMethod(tenantId: string, institutionId: string, id: string) {
  return api.put(`${paymentMethodsPath(tenantId, institutionId)}/${encodeURIComponent(id)}/primary`, undefined, paymentMethod);
}

export function useSetPrimaryPaymentMethod(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (id: string) => setPrimaryPaymentMethod(tenantId, institutionId, id));
}
