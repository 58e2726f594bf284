import { group, type GroupUpdateBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function updateGroup(tenantId: string, id: string, body: GroupUpdateBody) {
  return api.put(`${groupsPath(tenantId)}/${encodeURIComponent(id)}`, body, group);
}

export function useUpdateGroup(tenantId: string, id: string) {
  return useGroupMutation(tenantId, (body: GroupUpdateBody) => updateGroup(tenantId, id, body));
}
