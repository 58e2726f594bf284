import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentQueryOptions } from './get-document.ts';
import { documentsQueryOptions } from './list-documents.ts';

export function deleteDocument(id: string) {
  return apiRequest(`/document/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.null() });
}

export function useDeleteDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDocument(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: documentQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey.slice(0, 2) });
    },
  });
}
