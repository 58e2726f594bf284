import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiDownload } from '../../../lib/api-client.ts';

/**
 * A user image is served only with the bearer token, which an <img> cannot send: it is fetched once as a blob and
 * kept in memory by its URL (which carries the image id), per §9.
 */
const userImageQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['user-image', url],
    queryFn: async () => URL.createObjectURL(await apiDownload(url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url)),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** An address an <img> can show for `user.image`, or undefined while loading or when there is none. */
export function useUserImage(url: string | null | undefined): string | undefined {
  const isApi = Boolean(url?.startsWith(`${API_BASE}/`));
  const { data } = useQuery({ ...userImageQueryOptions(url ?? ''), enabled: isApi });
  return isApi ? data : (url ?? undefined);
}
