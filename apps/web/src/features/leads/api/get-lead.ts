import { tenantLead } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

export function getLead(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(leadPath(tenantId, id), tenantLead, signal);
}

export const leadQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: leadPartKey(tenantId, 'one', id),
    queryFn: ({ signal }) => getLead(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useLead(tenantId: string, id: string) {
  return useQuery(leadQueryOptions(tenantId, id));
}
