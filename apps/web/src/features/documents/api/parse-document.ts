import { documentParseResult } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentQueryOptions } from './get-document.ts';

export function parseDocument(id: string) {
  return api.post(`/document/${encodeURIComponent(id)}/parse`, undefined, documentParseResult);
}

export function useParseDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => parseDocument(id),
    onSuccess: (result) => {
      queryClient.setQueryData(documentQueryOptions(id).queryKey, result.document);
      void queryClient.invalidateQueries({ queryKey: [...documentQueryOptions(id).queryKey, 'events'] });
    },
  });
}
