import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersKey, membersPath } from './list-members.ts';

export function deleteMember(tenantId: string, id: string) {
  return api.remove(`${membersPath(tenantId)}/${encodeURIComponent(id)}`);
}

export function useDeleteMember(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMember(tenantId, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey(tenantId) }),
  });
}
