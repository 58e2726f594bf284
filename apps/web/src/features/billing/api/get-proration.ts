import { prorationPreview, toSearch, type BillingInterval, type PaidPlan } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingPath } from './billing-keys.ts';

/** GET …/billing/plan/proration?plan=&interval=: what changing plan now would invoice, shown before confirming. */
export function getProration(tenantId: string, institutionId: string, plan: PaidPlan, interval: BillingInterval, signal?: AbortSignal) {
  return api.get(`${billingPath(tenantId, institutionId)}/plan/proration${toSearch({ plan, interval })}`, prorationPreview, signal);
}

export const prorationQueryOptions = (tenantId: string, institutionId: string, plan: PaidPlan, interval: BillingInterval) =>
  queryOptions({
    // Outside the billing key on purpose: the change it previews refetches every billing query, and previewing the plan
    // just moved to is refused (409).
    queryKey: ['billing-proration', tenantId, institutionId, plan, interval],
    queryFn: ({ signal }) => getProration(tenantId, institutionId, plan, interval, signal),
    // The amounts run with the clock: each opening of the dialog asks again.
    staleTime: 0,
    gcTime: 0,
  });

export function useProration(tenantId: string, institutionId: string, plan: PaidPlan, interval: BillingInterval) {
  return useQuery(prorationQueryOptions(tenantId, institutionId, plan, interval));
}
