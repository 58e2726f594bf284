import { applicationDocument, listOf } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The wizard needs every document of the application at once (names of the ids its answers hold); 100 is the page maximum. */
const WIZARD_DOCUMENTS_LIMIT = 100;

export function listApplicationDocuments(id: string, signal?: AbortSignal) {
  return apiRequest(`/application/${encodeURIComponent(id)}/documents?limit=${WIZARD_DOCUMENTS_LIMIT}`, {
    schema: listOf(applicationDocument),
    signal,
  });
}

/** Every query of one application's documents starts with this key. */
export const applicationDocumentsKey = (id: string) => ['application', id, 'documents'] as const;

export const applicationDocumentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...applicationDocumentsKey(id), 'wizard'],
    queryFn: ({ signal }) => listApplicationDocuments(id, signal),
  });

export function useApplicationDocuments(id: string) {
  return useQuery(applicationDocumentsQueryOptions(id));
}
