import { apiKey, type ApiKey } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { apiKeysBase, apiKeysKey, type ApiKeyOwner } from './api-key-owner.ts';

/** The first 100 keys (the most a page holds): an owner keeps a handful. */
export function listApiKeys(owner: ApiKeyOwner, signal?: AbortSignal): Promise<ApiKey[]> {
  return api.get(`${apiKeysBase(owner)}/api-keys?limit=100`, z.array(apiKey), signal);
}

export const apiKeysQueryOptions = (owner: ApiKeyOwner) =>
  queryOptions({ queryKey: apiKeysKey(owner), queryFn: ({ signal }) => listApiKeys(owner, signal) });

/** The owner's keys; null waits (the tenant is not known yet). */
export function useApiKeys(owner: ApiKeyOwner | null) {
  return useQuery({ ...apiKeysQueryOptions(owner ?? { tenantId: '' }), enabled: owner !== null });
}
