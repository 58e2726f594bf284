import { documentRecord, listOf, type DocumentQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type DocumentListQuery = Partial<DocumentQuery>;

export function listDocuments(q: DocumentListQuery, signal?: AbortSignal) {
  return apiRequest(`/document${toSearch(q)}`, { schema: listOf(documentRecord), signal });
}

export const documentsQueryOptions = (q: DocumentListQuery = {}) =>
  queryOptions({
    queryKey: ['documents', 'list', q],
    queryFn: ({ signal }) => listDocuments(q, signal),
    placeholderData: keepPreviousData,
  });

export function useDocuments(q: DocumentListQuery) {
  return useQuery(documentsQueryOptions(q));
}
