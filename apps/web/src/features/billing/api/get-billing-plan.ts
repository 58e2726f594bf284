import { billingPlanState } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingKey, billingPath } from './billing-keys.ts';

/** GET …/billing/plan: plan, interval, subscription status, period, limits and usage. */
export function getBillingPlan(tenantId: string, institutionId: string, signal?: AbortSignal) {
  return api.get(`${billingPath(tenantId, institutionId)}/plan`, billingPlanState, signal);
}

export const billingPlanQueryOptions = (tenantId: string, institutionId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId, institutionId), 'plan'],
    queryFn: ({ signal }) => getBillingPlan(tenantId, institutionId, signal),
  });

export function useBillingPlan(tenantId: string, institutionId: string) {
  return useQuery(billingPlanQueryOptions(tenantId, institutionId));
}
