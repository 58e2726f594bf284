import type { TenantMemberAdmin } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberQueryOptions } from './get-member.ts';
import { membersKey } from './list-members.ts';

/** A change to one member: the answer replaces the cached member, and lists and history refetch. */
export function useMemberMutation<B>(tenantId: string, id: string, send: (body: B) => Promise<TenantMemberAdmin>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (member) => {
      queryClient.setQueryData(memberQueryOptions(tenantId, id).queryKey, member);
      void queryClient.invalidateQueries({ queryKey: membersKey(tenantId) });
    },
  });
}
