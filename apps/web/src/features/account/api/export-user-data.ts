import { exportFileName } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET user/{id}/export, saved by the browser as a JSON file. */
export async function exportUserData(id: string): Promise<void> {
  saveFile(await apiDownload(`/user/${encodeURIComponent(id)}/export`), exportFileName(new Date()));
}

export function useExportUserData(id: string) {
  return useMutation({ mutationFn: () => exportUserData(id) });
}
