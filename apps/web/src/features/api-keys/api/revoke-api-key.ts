import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysBase, type ApiKeyOwner } from './api-key-owner.ts';
import { apiKeysQueryOptions } from './list-api-keys.ts';

/** DELETE answers 204; the list shows the key as revoked once refetched. */
export function revokeApiKey(owner: ApiKeyOwner, keyId: string): Promise<void> {
  return api.remove(`${apiKeysBase(owner)}/api-keys/${encodeURIComponent(keyId)}`);
}

export function useRevokeApiKey(owner: ApiKeyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(owner, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(owner).queryKey }),
  });
}
