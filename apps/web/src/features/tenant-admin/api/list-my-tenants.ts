import { myTenant, type MyTenant } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const myTenants = z.array(myTenant);

/** The first 100 (the most a page holds): a person belongs to a few tenants. */
export function listMyTenants(signal?: AbortSignal): Promise<MyTenant[]> {
  return api.get('/tenant/mine?limit=100', myTenants, signal);
}

export const myTenantsQueryOptions = () =>
  queryOptions({ queryKey: ['tenant-admin', 'mine'], queryFn: ({ signal }) => listMyTenants(signal) });

export function useMyTenants() {
  return useQuery(myTenantsQueryOptions());
}
