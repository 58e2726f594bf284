import { planChangeResult, type PlanChangeInput } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';
import { useBillingMutation } from './billing-mutation.ts';

/** PUT …/billing/plan: moves to a plan and interval; answers the new plan and the invoice the change issued, if any. */
export function changePlan(tenantId: string, institutionId: string, body: PlanChangeInput) {
  return api.put(`${billingPath(tenantId, institutionId)}/plan`, body, planChangeResult);
}

export function useChangePlan(tenantId: string, institutionId: string) {
  return useBillingMutation(tenantId, institutionId, (body: PlanChangeInput) => changePlan(tenantId, institutionId, body));
}
