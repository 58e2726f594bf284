import type { DocumentRecord } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Fetches the bytes as a blob (with the token) and saves them under the original name. */
export async function downloadDocument(doc: Pick<DocumentRecord, '_id' | 'originalName'>): Promise<void> {
  saveFile(await apiDownload(`/document/${encodeURIComponent(doc._id)}/download`), doc.originalName);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
