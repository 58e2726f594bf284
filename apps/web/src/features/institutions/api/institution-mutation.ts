import type { Institution } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { institutionQueryOptions } from '../../raise/index.ts';
import { institutionsKey } from './list-institutions.ts';

/** A change to one institution: the answer replaces the cached institution, and lists, picker and history refetch. */
export function useInstitutionMutation<B>(tenantId: string, id: string, send: (body: B) => Promise<Institution>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      queryClient.setQueryData(institutionQueryOptions(tenantId, id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: institutionsKey(tenantId) });
    },
  });
}
