import { setupIntent } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';

/** POST …/billing/payment-methods/setup-intent: a Stripe SetupIntent's client secret for Stripe.js (null with the built-in provider). */
export function createSetupIntent(tenantId: string, institutionId: string) {
  return api.post(`${billingPath(tenantId, institutionId)}/payment-methods/setup-intent`, {}, setupIntent);
}
