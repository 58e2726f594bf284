import { apiKey, type ApiKey } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryOptions } from './list-api-keys.ts';

export function revokeApiKey(tenantId: string, keyId: string): Promise<ApiKey> {
  return api.delete(`/tenant/${encodeURIComponent(tenantId)}/api-keys/${encodeURIComponent(keyId)}`, apiKey);
}

export function useRevokeApiKey(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(tenantId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(tenantId).queryKey }),
  });
}
