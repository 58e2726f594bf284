import { apiKey, type ApiKey } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export function listApiKeys(tenantId: string, signal?: AbortSignal): Promise<ApiKey[]> {
  return api.get(`/tenant/${encodeURIComponent(tenantId)}/api-keys`, z.array(apiKey), signal);
}

export const apiKeysQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: ['tenant-admin', tenantId, 'api-keys'], queryFn: ({ signal }) => listApiKeys(tenantId, signal) });

export function useApiKeys(tenantId: string | null) {
  return useQuery({ ...apiKeysQueryOptions(tenantId ?? ''), enabled: tenantId !== null });
}
