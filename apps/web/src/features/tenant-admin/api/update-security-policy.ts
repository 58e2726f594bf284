import { tenantSecurityPolicy, type TenantSecurityPolicy } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tenantEventsKey } from './get-tenant-events.ts';
import { securityPolicyQueryOptions } from './get-security-policy.ts';

export function updateSecurityPolicy(id: string, body: TenantSecurityPolicy): Promise<TenantSecurityPolicy> {
  return api.put(`/tenant/${encodeURIComponent(id)}/security-policy`, body, tenantSecurityPolicy);
}

/** The policy takes the server's copy; the history tab shows the change. */
export function useUpdateSecurityPolicy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantSecurityPolicy) => updateSecurityPolicy(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(securityPolicyQueryOptions(id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: tenantEventsKey(id) });
    },
  });
}
