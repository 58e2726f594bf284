import { pricing } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingKey, billingPath } from './billing-keys.ts';

/** GET …/billing/pricing: the plans with prices, limits and features, the trial length and the payment provider. */
export function getPricing(tenantId: string, institutionId: string, signal?: AbortSignal) {
  return api.get(`${billingPath(tenantId, institutionId)}/pricing`, pricing, signal);
}

export const pricingQueryOptions = (tenantId: string, institutionId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId, institutionId), 'pricing'],
    queryFn: ({ signal }) => getPricing(tenantId, institutionId, signal),
    staleTime: 5 * 60_000,
  });

export function usePricing(tenantId: string, institutionId: string) {
  return useQuery(pricingQueryOptions(tenantId, institutionId));
}
