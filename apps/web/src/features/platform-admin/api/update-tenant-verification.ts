import { tenantDetails, type IdentityVerificationStatus } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tenantQueryOptions } from './get-tenant.ts';
import { tenantsQueryOptions } from './list-tenants.ts';

/** PUT tenant/{id}/verification: platform admins set any tenant's verification status. */
export function updateTenantVerification(id: string, verificationStatus: IdentityVerificationStatus) {
  return api.put(`/tenant/${encodeURIComponent(id)}/verification`, { verificationStatus }, tenantDetails);
}

export function useUpdateTenantVerification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: IdentityVerificationStatus) => updateTenantVerification(id, status),
    // The tenant's key covers its history tab too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tenantQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: tenantsQueryOptions().queryKey.slice(0, 2) });
    },
  });
}
