import { paymentMethod, type PaymentMethodCreateInput } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useBillingMutation } from './billing-mutation.ts';
import { paymentMethodsPath } from './list-payment-methods.ts';

/** POST …/billing/payment-methods with the provider's token (never a card number). Needs a fresh step-up: the API client asks for it. */
export function addPaymentMethod(tenantId: string, institutionId: string, body: PaymentMethodCreateInput) {
  return api.post(paymentMethodsPath(tenantId, institutionId), body, paymentMethod);
}

export function useAddPaymentMethod(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (body: PaymentMethodCreateInput) => addPaymentMethod(tenantId, institutionId, body));
}
