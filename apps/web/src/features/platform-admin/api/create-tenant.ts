import { adminTenant, type TenantCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tenantsQueryOptions } from './list-tenants.ts';

export function createTenant(body: TenantCreateBody) {
  return api.post('/tenant', body, adminTenant);
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantsQueryOptions().queryKey.slice(0, 2) }),
  });
}
