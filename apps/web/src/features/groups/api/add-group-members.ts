import { group } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function addGroupMembers(tenantId: string, groupId: string, memberIds: string[]) {
  return api.post(`${groupsPath(tenantId)}/${encodeURIComponent(groupId)}/members`, { memberIds }, group);
}

/** Takes the group id per call, so a member's Access tab can add them to any group. */
export function useAddGroupMembers(tenantId: string) {
  return useGroupMutation(tenantId, ({ groupId, memberIds }: { groupId: string; memberIds: string[] }) =>
    addGroupMembers(tenantId, groupId, memberIds),
  );
}
