import { documentRecord, type DocumentUpdateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentQueryOptions } from './get-document.ts';
import { documentsQueryOptions } from './list-documents.ts';

export function updateDocument(id: string, body: DocumentUpdateBody) {
  return api.put(`/document/${encodeURIComponent(id)}`, body, documentRecord);
}

export function useUpdateDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentUpdateBody) => updateDocument(id, body),
    onSuccess: (doc) => {
      queryClient.setQueryData(documentQueryOptions(id).queryKey, doc);
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey.slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: [...documentQueryOptions(id).queryKey, 'events'] });
    },
  });
}
