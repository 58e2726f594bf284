import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tenantQueryOptions } from './get-tenant.ts';
import { platformEventsKey } from './get-platform-events.ts';
import { tenantsQueryOptions } from './list-tenants.ts';

export function deleteTenant(id: string) {
  return api.remove(`/tenant/${encodeURIComponent(id)}`);
}

export function useDeleteTenant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTenant(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tenantQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: tenantsQueryOptions().queryKey.slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: platformEventsKey });
    },
  });
}
