import { tenantMemberAdmin } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersKey, membersPath } from './list-members.ts';

export function getMember(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(`${membersPath(tenantId)}/${encodeURIComponent(id)}`, tenantMemberAdmin, signal);
}

export const memberQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...membersKey(tenantId), 'one', id],
    queryFn: ({ signal }) => getMember(tenantId, id, signal),
    enabled: tenantId !== '',
  });

export function useMember(tenantId: string, id: string) {
  return useQuery(memberQueryOptions(tenantId, id));
}
