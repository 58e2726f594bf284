import { paymentMethod, type PaymentMethodUpdateInput } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useBillingMutation } from './billing-mutation.ts';
import { paymentMethodsPath } from './list-payment-methods.ts';

interface Update {
  id: string;
  body: PaymentMethodUpdateInput;
}

/** PUT …/billing/payment-methods/{id}: the name on the card or its new expiry. */
export function updatePaymentMethod(tenantId: string, institutionId: string, { id, body }: Update) {
  return api.put(`${paymentMethodsPath(tenantId, institutionId)}/${encodeURIComponent(id)}`, body, paymentMethod);
}

export function useUpdatePaymentMethod(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (update: Update) => updatePaymentMethod(tenantId, institutionId, update));
}
