import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET image/{id} as an object URL (the request needs the bearer token, so an <img src> cannot fetch it itself). */
export async function getImageUrl(id: string): Promise<string> {
  return URL.createObjectURL(await apiDownload(`/image/${encodeURIComponent(id)}`));
}

/** §9: images are cached by id in memory for the session: an id's bytes never change. */
export const imageQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['image', id], queryFn: () => getImageUrl(id), staleTime: Infinity, gcTime: Infinity });

export function useImageUrl(id: string | null | undefined) {
  return useQuery({ ...imageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
