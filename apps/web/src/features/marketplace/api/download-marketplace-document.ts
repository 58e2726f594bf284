import type { MarketplaceDocumentFile } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, apiDownload } from '../../../lib/api-client.ts';

/** Fetches a listed offer's document as binary (its `downloadUrl`) and saves it under its original name. */
export async function downloadMarketplaceDocument(doc: Pick<MarketplaceDocumentFile, '_id' | 'downloadUrl' | 'originalName'>): Promise<void> {
  const path = doc.downloadUrl.startsWith(API_BASE) ? doc.downloadUrl.slice(API_BASE.length) : doc.downloadUrl;
  const blob = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.originalName;
  link.click();
  // The click has handed the bytes to the browser's download; the object URL is only freed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadMarketplaceDocument() {
  return useMutation({ mutationFn: downloadMarketplaceDocument });
}
