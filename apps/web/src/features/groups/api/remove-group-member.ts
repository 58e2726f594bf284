import { group } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function removeGroupMember(tenantId: string, groupId: string, memberId: string) {
  return api.delete(`${groupsPath(tenantId)}/${encodeURIComponent(groupId)}/members/${encodeURIComponent(memberId)}`, group);
}

export function useRemoveGroupMember(tenantId: string) {
  return useGroupMutation(tenantId, ({ groupId, memberId }: { groupId: string; memberId: string }) =>
    removeGroupMember(tenantId, groupId, memberId),
  );
}
