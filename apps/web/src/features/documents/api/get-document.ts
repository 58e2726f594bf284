import { documentRecord } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getDocument(id: string, signal?: AbortSignal) {
  return api.get(`/document/${encodeURIComponent(id)}`, documentRecord, signal);
}

export const documentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['documents', 'one', id], queryFn: ({ signal }) => getDocument(id, signal) });

export function useDocument(id: string) {
  return useQuery(documentQueryOptions(id));
}
