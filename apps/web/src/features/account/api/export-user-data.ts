import { exportFileName } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET user/{id}/export, saved by the browser as a JSON file. */
export async function exportUserData(id: string): Promise<void> {
  const blob = await apiDownload(`/user/${encodeURIComponent(id)}/export`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(new Date());
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useExportUserData(id: string) {
  return useMutation({ mutationFn: () => exportUserData(id) });
}
