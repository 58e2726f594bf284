import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { applicationDocumentsKey } from './list-application-documents.ts';

/** DELETE application/{id}/documents/{documentId}: takes an uploaded file back before the screen is answered. */
export async function deleteApplicationDocument(id: string, documentId: string): Promise<void> {
  // 204 with no body is the API's delete convention; a `{ data }` confirmation is accepted as well.
  await apiRequest(`/application/${encodeURIComponent(id)}/documents/${encodeURIComponent(documentId)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

export function useDeleteApplicationDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteApplicationDocument(id, documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationDocumentsKey(id) }),
  });
}
