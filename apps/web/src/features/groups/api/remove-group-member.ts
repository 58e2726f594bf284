import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function removeGroupMember(tenantId: string, groupId: string, memberId: string) {
  return api.remove(`${groupsPath(tenantId)}/${encodeURIComponent(groupId)}/members/${encodeURIComponent(memberId)}`);
}

export function useRemoveGroupMember(tenantId: string) {
  return useGroupMutation(tenantId, ({ groupId, memberId }: { groupId: string; memberId: string }) =>
    removeGroupMember(tenantId, groupId, memberId),
  );
}
