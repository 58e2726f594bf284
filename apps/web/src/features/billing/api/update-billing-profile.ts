import { billingProfile, type BillingProfileInput } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';
import { useBillingMutation } from './billing-mutation.ts';

/** PUT tenant/{t}/institutions/{id}/billing (002 §7): the billing profile as a whole. */
export function updateBillingProfile(tenantId: string, institutionId: string, body: BillingProfileInput) {
  return api.put(billingPath(tenantId, institutionId), body, billingProfile);
}

export function useUpdateBillingProfile(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (body: BillingProfileInput) => updateBillingProfile(tenantId, institutionId, body));
}
