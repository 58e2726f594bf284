import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client.ts';
import { userSignaturePath } from './user-signature-info.ts';

/** GET user/{id}/signature: the saved signature (PNG) as an object URL an <img> can show. */
export async function getUserSignatureUrl(userId: string): Promise<string> {
  return URL.createObjectURL(await apiDownload(userSignaturePath(userId)));
}

/** Keyed by when it was saved, so a new signature is read again. */
export const userSignatureQueryOptions = (userId: string, updatedAt: string) =>
  queryOptions({
    queryKey: ['user', userId, 'signature', 'image', updatedAt],
    queryFn: () => getUserSignatureUrl(userId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useUserSignature(userId: string | null | undefined, updatedAt: string | null | undefined) {
  return useQuery({ ...userSignatureQueryOptions(userId ?? '', updatedAt ?? ''), enabled: Boolean(userId && updatedAt) });
}
