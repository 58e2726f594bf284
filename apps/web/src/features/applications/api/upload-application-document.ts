import { applicationDocument, type ApplicationDocument, type ApplicationDocumentMetadata } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationDocumentsKey } from './list-application-documents.ts';

interface UploadApplicationDocumentInput {
  file: File;
  metadata: ApplicationDocumentMetadata;
}

/** POST application/{id}/documents: one file given as evidence for an answer (the server checks its type, size and date). */
export function uploadApplicationDocument(id: string, { file, metadata }: UploadApplicationDocumentInput): Promise<ApplicationDocument> {
  const form = new FormData();
  form.set('questionKey', metadata.questionKey);
  if (metadata.documentDate) form.set('documentDate', metadata.documentDate);
  if (metadata.name) form.set('name', metadata.name);
  // Text fields first: the server reads the file last.
  form.set('file', file);
  return api.upload(`/application/${encodeURIComponent(id)}/documents`, form, applicationDocument);
}

export function useUploadApplicationDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadApplicationDocumentInput) => uploadApplicationDocument(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationDocumentsKey(id) }),
  });
}
