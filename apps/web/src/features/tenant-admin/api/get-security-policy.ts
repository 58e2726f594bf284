import { tenantSecurityPolicy, type TenantSecurityPolicy } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getSecurityPolicy(id: string, signal?: AbortSignal): Promise<TenantSecurityPolicy> {
  return api.get(`/tenant/${encodeURIComponent(id)}/security-policy`, tenantSecurityPolicy, signal);
}

export const securityPolicyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tenant-admin', id, 'security-policy'], queryFn: ({ signal }) => getSecurityPolicy(id, signal) });

export function useSecurityPolicy(id: string) {
  return useQuery(securityPolicyQueryOptions(id));
}
