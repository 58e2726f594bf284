import { useMutation, useQueryClient } from '@tanstack/react-query';
import { institutionEventsKey } from './get-institution-events.ts';
import { teamKey } from './list-team.ts';

/** A change to a team: the team list and the institution's history refetch. */
export function useTeamMutation<V, R>(tenantId: string, institutionId: string, send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKey(tenantId, institutionId) });
      void queryClient.invalidateQueries({ queryKey: institutionEventsKey(tenantId, institutionId) });
    },
  });
}
