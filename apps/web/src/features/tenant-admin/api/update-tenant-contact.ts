import { tenantDetails, type ContactInput, type TenantDetails } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeTenantDetails } from './store-tenant-details.ts';

export function updateTenantContact(id: string, contact: ContactInput): Promise<TenantDetails> {
  return api.put(`/tenant/${encodeURIComponent(id)}/contact`, { contact }, tenantDetails);
}

export function useUpdateTenantContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactInput) => updateTenantContact(id, contact),
    onSuccess: (saved) => storeTenantDetails(queryClient, saved),
  });
}
