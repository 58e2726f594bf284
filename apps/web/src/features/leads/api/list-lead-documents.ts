import { documentRecord, listOf, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/** GET …/{id}/documents: the documents shared with the lead (the institution owns them, the lead's member reads them). */
export function listLeadDocuments(tenantId: string, id: string, signal?: AbortSignal) {
  return apiRequest(`${leadPath(tenantId, id)}/documents?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(documentRecord), signal });
}

export const leadDocumentsQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: leadPartKey(tenantId, 'documents', id),
    queryFn: ({ signal }) => listLeadDocuments(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useLeadDocuments(tenantId: string, id: string) {
  return useQuery(leadDocumentsQueryOptions(tenantId, id));
}
