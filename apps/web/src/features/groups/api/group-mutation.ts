import type { Group } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membersKey } from '../../members/index.ts';
import { groupsKey } from './list-groups.ts';

/** Any group change: group lists, details, history and the members' group lists refetch. */
export function useGroupMutation<B, R = Group>(tenantId: string, send: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupsKey(tenantId) });
      void queryClient.invalidateQueries({ queryKey: membersKey(tenantId) });
    },
  });
}
