import { apiKeyCreated, type ApiKeyCreated, type ApiKeyCreateInput, type ApiKeyKind } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysBase, type ApiKeyOwner } from './api-key-owner.ts';
import { apiKeysQueryOptions } from './list-api-keys.ts';

const KIND_PATH: Record<ApiKeyKind, string> = { private: 'pvt', public: 'pub' };

/** The answer carries the whole key: the only time the client ever sees it. */
export function createApiKey(owner: ApiKeyOwner, kind: ApiKeyKind, body: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  return api.post(`${apiKeysBase(owner)}/api-key/${KIND_PATH[kind]}`, body, apiKeyCreated);
}

export function useCreateApiKey(owner: ApiKeyOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: ApiKeyKind; body: ApiKeyCreateInput }) => createApiKey(owner, kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(owner).queryKey }),
  });
}
