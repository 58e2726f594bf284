import { applicationDocument, listOf, type ApplicationDocumentQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { applicationQueryOptions } from './get-application.ts';

type DocumentsQuery = Partial<ApplicationDocumentQuery>;

/** The wizard and the answers card need every document of the application at once; 100 is the page maximum. */
export const ALL_DOCUMENTS: DocumentsQuery = { page: 1, limit: 100 };

export function listApplicationDocuments(id: string, q: DocumentsQuery, signal?: AbortSignal) {
  return apiRequest(`/application/${encodeURIComponent(id)}/documents${toSearch(q)}`, { schema: listOf(applicationDocument), signal });
}

/** Every query of one application's documents starts with this key (under the application's, so refreshing it refreshes them). */
export const applicationDocumentsKey = (id: string) => [...applicationQueryOptions(id).queryKey, 'documents'] as const;

export const applicationDocumentsQueryOptions = (id: string, q: DocumentsQuery) =>
  queryOptions({
    queryKey: [...applicationDocumentsKey(id), q],
    queryFn: ({ signal }) => listApplicationDocuments(id, q, signal),
    placeholderData: keepPreviousData,
  });

export function useApplicationDocuments(id: string, q: DocumentsQuery = ALL_DOCUMENTS) {
  return useQuery(applicationDocumentsQueryOptions(id, q));
}
