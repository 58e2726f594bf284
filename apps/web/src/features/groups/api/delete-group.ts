import { api } from '../../../lib/api-client.ts';
import { useGroupMutation } from './group-mutation.ts';
import { groupsPath } from './list-groups.ts';

export function deleteGroup(tenantId: string, id: string) {
  return api.remove(`${groupsPath(tenantId)}/${encodeURIComponent(id)}`);
}

export function useDeleteGroup(tenantId: string, id: string) {
  return useGroupMutation(tenantId, () => deleteGroup(tenantId, id));
}
