import { group, type GroupCreateBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function createGroup(tenantId: string, body: GroupCreateBody) {
  return api.post(groupsPath(tenantId), body, group);
}

export function useCreateGroup(tenantId: string) {
  return useGroupMutation(tenantId, (body: GroupCreateBody) => createGroup(tenantId, body));
}
