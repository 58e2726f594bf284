import { listOf, shareEntityOption, type List, type ShareEntityOption, type ShareEntityOptionsQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET user/{id}/share-entity-options: the members of this tenant the user can share with, matching the search. */
export function getShareEntityOptions(
  userId: string,
  query: ShareEntityOptionsQuery,
  signal?: AbortSignal,
): Promise<List<ShareEntityOption>> {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return apiRequest(`/user/${encodeURIComponent(userId)}/share-entity-options?${params.toString()}`, {
    schema: listOf(shareEntityOption),
    signal,
  });
}

/** The key the access-grant form appends its search to. */
export const shareEntityOptionsQueryKey = (userId: string) => ['user', userId, 'share-entity-options'] as const;
