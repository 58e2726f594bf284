import { tenantDetails, type TenantDetails, type TenantDetailsInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeTenantDetails } from './store-tenant-details.ts';

export function updateTenantDetails(id: string, body: TenantDetailsInput): Promise<TenantDetails> {
  return api.put(`/tenant/${encodeURIComponent(id)}/details`, body, tenantDetails);
}

export function useUpdateTenantDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantDetailsInput) => updateTenantDetails(id, body),
    onSuccess: (saved) => storeTenantDetails(queryClient, saved),
  });
}
