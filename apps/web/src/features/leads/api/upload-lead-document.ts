import { documentRecord, type DocumentType } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

interface UploadLeadDocumentInput {
  file: File;
  name: string;
  type: DocumentType;
}

/** POST …/{id}/documents: a multipart upload (the metadata first, the file last, as POST document reads them). */
export function uploadLeadDocument(tenantId: string, id: string, { file, name, type }: UploadLeadDocumentInput) {
  const form = new FormData();
  form.set('name', name);
  form.set('type', type);
  // The lead is a person: the document is about a user, as POST document's metadata names it.
  form.set('entityType', 'USER');
  form.set('tags', JSON.stringify(['lead']));
  form.set('file', file);
  return api.upload(`${leadPath(tenantId, id)}/documents`, form, documentRecord);
}

export function useUploadLeadDocument(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadLeadDocumentInput) => uploadLeadDocument(tenantId, id, input),
    onSuccess: () =>
      Promise.all(
        (['documents', 'events'] as const).map((part) => queryClient.invalidateQueries({ queryKey: leadPartKey(tenantId, part, id) })),
      ),
  });
}
