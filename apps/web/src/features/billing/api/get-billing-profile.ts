import { billingProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingKey, billingPath } from './billing-keys.ts';

/** GET …/billing/profile: who invoices are made out to. */
export function getBillingProfile(tenantId: string, institutionId: string, signal?: AbortSignal) {
  return api.get(`${billingPath(tenantId, institutionId)}/profile`, billingProfile, signal);
}

export const billingProfileQueryOptions = (tenantId: string, institutionId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId, institutionId), 'profile'],
    queryFn: ({ signal }) => getBillingProfile(tenantId, institutionId, signal),
  });

export function useBillingProfile(tenantId: string, institutionId: string) {
  return useQuery(billingProfileQueryOptions(tenantId, institutionId));
}
