import type { DocumentRecord } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** Fetches the bytes as a blob (with the token) and saves them under the original name. */
export async function downloadDocument(doc: Pick<DocumentRecord, '_id' | 'originalName'>): Promise<void> {
  const blob = await apiDownload(`/document/${encodeURIComponent(doc._id)}/download`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.originalName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
