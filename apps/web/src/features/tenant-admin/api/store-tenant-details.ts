import type { TenantDetails } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { tenantPublicQueryOptions } from '../../../lib/tenant/get-tenant-public.ts';
import { tenantDetailsQueryOptions } from './get-tenant-details.ts';
import { tenantDashboardKey } from './get-tenant-dashboard.ts';
import { tenantEventsKey } from './get-tenant-events.ts';
import { myTenantsQueryOptions } from './list-my-tenants.ts';

/** After a change: the details take the server's copy; the public tenant (name in the shell), history, dashboard and tenant list refetch. */
export function storeTenantDetails(queryClient: QueryClient, saved: TenantDetails) {
  queryClient.setQueryData(tenantDetailsQueryOptions(saved._id).queryKey, saved);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tenantPublicQueryOptions(saved.slug).queryKey }),
    queryClient.invalidateQueries({ queryKey: tenantPublicQueryOptions(saved._id).queryKey }),
    queryClient.invalidateQueries({ queryKey: tenantEventsKey(saved._id) }),
    queryClient.invalidateQueries({ queryKey: tenantDashboardKey(saved._id) }),
    queryClient.invalidateQueries({ queryKey: myTenantsQueryOptions().queryKey }),
  ]);
}
