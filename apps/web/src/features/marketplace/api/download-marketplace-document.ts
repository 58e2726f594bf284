import type { MarketplaceDocumentFile } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Fetches a listed offer's document as binary (its `downloadUrl`) and saves it under its original name. */
export async function downloadMarketplaceDocument(
  doc: Pick<MarketplaceDocumentFile, '_id' | 'downloadUrl' | 'originalName'>,
): Promise<void> {
  const path = doc.downloadUrl.startsWith(API_BASE) ? doc.downloadUrl.slice(API_BASE.length) : doc.downloadUrl;
  saveFile(await apiDownload(path), doc.originalName);
}

export function useDownloadMarketplaceDocument() {
  return useMutation({ mutationFn: downloadMarketplaceDocument });
}
