import { documentRecord, type DocumentMetadata } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentsQueryOptions } from './list-documents.ts';

interface UploadDocumentInput {
  file: File;
  /** Name, type and entity type are required; tags and description optional. */
  metadata: Pick<DocumentMetadata, 'name' | 'type' | 'entityType'> & Partial<Pick<DocumentMetadata, 'tags' | 'description'>>;
}

export function uploadDocument({ file, metadata }: UploadDocumentInput) {
  const form = new FormData();
  form.set('name', metadata.name);
  form.set('type', metadata.type);
  form.set('entityType', metadata.entityType);
  if (metadata.tags?.length) form.set('tags', JSON.stringify(metadata.tags));
  if (metadata.description) form.set('description', metadata.description);
  // Text fields first: the server reads the file last.
  form.set('file', file);
  return api.upload('/document', form, documentRecord);
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions().queryKey.slice(0, 2) }),
  });
}
