import { applicationDocument, listOf, type ApplicationDocumentQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { applicationQueryOptions } from './get-application.ts';

type DocumentsQuery = Partial<ApplicationDocumentQuery>;

export function listApplicationDocuments(id: string, q: DocumentsQuery, signal?: AbortSignal) {
  return apiRequest(`/application/${encodeURIComponent(id)}/documents${toSearch(q)}`, { schema: listOf(applicationDocument), signal });
}

/** Under the application's key, so whatever refreshes the application refreshes its documents. */
export const applicationDocumentsQueryOptions = (id: string, q: DocumentsQuery) =>
  queryOptions({
    queryKey: [...applicationQueryOptions(id).queryKey, 'documents', q],
    queryFn: ({ signal }) => listApplicationDocuments(id, q, signal),
    placeholderData: keepPreviousData,
  });

export function useApplicationDocuments(id: string, q: DocumentsQuery) {
  return useQuery(applicationDocumentsQueryOptions(id, q));
}
