import { leadNote, listOf } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

export interface LeadNotesPage {
  page: number;
  limit: number;
}

/** GET …/{id}/notes: the lead's notes, newest first, a page at a time. */
export function listLeadNotes(tenantId: string, id: string, q: LeadNotesPage, signal?: AbortSignal) {
  return apiRequest(`${leadPath(tenantId, id)}/notes${toSearch(q)}`, { schema: listOf(leadNote), signal });
}

export const leadNotesQueryOptions = (tenantId: string, id: string, q: LeadNotesPage) =>
  queryOptions({
    queryKey: [...leadPartKey(tenantId, 'notes', id), q],
    queryFn: ({ signal }) => listLeadNotes(tenantId, id, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && id !== '',
  });

export function useLeadNotes(tenantId: string, id: string, q: LeadNotesPage) {
  return useQuery(leadNotesQueryOptions(tenantId, id, q));
}
