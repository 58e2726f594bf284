import { billingProfile } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';
import { useBillingMutation } from './billing-mutation.ts';

/** POST …/billing/profile/sync: sends the profile to the payment provider's customer record (Stripe). */
export function syncBillingProfile(tenantId: string, institutionId: string) {
  return api.post(`${billingPath(tenantId, institutionId)}/profile/sync`, undefined, billingProfile);
}

export function useSyncBillingProfile(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, () => syncBillingProfile(tenantId, institutionId));
}
