import { apiKey, type ApiKey } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysBase, type ApiKeyOwner } from './api-key-owner.ts';
import { apiKeysQueryOptions } from './list-api-keys.ts';

export function revokeApiKey(owner: ApiKeyOwner, keyId: string): Promise<ApiKey> {
  return api.delete(`${apiKeysBase(owner)}/api-keys/${encodeURIComponent(keyId)}`, apiKey);
}

export function useRevokeApiKey(owner: ApiKeyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(owner, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(owner).queryKey }),
  });
}
