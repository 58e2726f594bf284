import { documentRecord, listOf, type DocumentQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type DocumentListQuery = Partial<DocumentQuery>;

function toSearch(q: DocumentListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function listDocuments(q: DocumentListQuery, signal?: AbortSignal) {
  return apiRequest(`/document${toSearch(q)}`, { schema: listOf(documentRecord), signal });
}

export const documentsQueryOptions = (q: DocumentListQuery = {}) =>
  queryOptions({ queryKey: ['documents', 'list', q], queryFn: ({ signal }) => listDocuments(q, signal), placeholderData: keepPreviousData });

export function useDocuments(q: DocumentListQuery) {
  return useQuery(documentsQueryOptions(q));
}
