import { api } from '../../../lib/api-client.ts';
import { useBillingMutation } from './billing-mutation.ts';
import { paymentMethodsPath } from './list-payment-methods.ts';

/** DELETE …/billing/payment-methods/{id} (204). Refused for the primary card while others exist; needs a fresh step-up. */
export function deletePaymentMethod(tenantId: string, institutionId: string, id: string) {
  return api.remove(`${paymentMethodsPath(tenantId, institutionId)}/${encodeURIComponent(id)}`);
}

export function useDeletePaymentMethod(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (id: string) => deletePaymentMethod(tenantId, institutionId, id));
}
