import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadPartKey } from './lead-keys.ts';

/**
 * A change to the lead's notes: the notes pages, the lead (which carries its newest notes and their count) and its
 * activity refetch; the list's counts follow with the lead's key.
 */
export function useLeadNoteMutation<B, R>(tenantId: string, id: string, send: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all(
        (['notes', 'one', 'events'] as const).map((part) => queryClient.invalidateQueries({ queryKey: leadPartKey(tenantId, part, id) })),
      ),
  });
}
