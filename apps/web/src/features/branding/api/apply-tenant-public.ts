import type { TenantPublic } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { tenantPublicQueryOptions } from '../../../lib/tenant/get-tenant-public.ts';

/**
 * Puts a saved tenant into every cached public view of it (by slug and by id), so the whole app
 * re-themes at once. The saved tenant is the server's answer: refetching could be served from the
 * browser's short HTTP cache of the public view and bring the old branding back.
 */
export function applyTenantPublic(queryClient: QueryClient, saved: TenantPublic): void {
  const prefix = tenantPublicQueryOptions('').queryKey.slice(0, 2);
  queryClient.setQueriesData<TenantPublic>({ queryKey: prefix }, (old) => (old && old._id === saved._id ? saved : old));
}
