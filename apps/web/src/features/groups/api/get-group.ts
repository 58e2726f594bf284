import { group } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupsKey, groupsPath } from './list-groups.ts';

export function getGroup(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(`${groupsPath(tenantId)}/${encodeURIComponent(id)}`, group, signal);
}

export const groupQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...groupsKey(tenantId), 'one', id],
    queryFn: ({ signal }) => getGroup(tenantId, id, signal),
    enabled: tenantId !== '',
  });

export function useGroup(tenantId: string, id: string) {
  return useQuery(groupQueryOptions(tenantId, id));
}
