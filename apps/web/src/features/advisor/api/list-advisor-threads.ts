import { advisorThread, listOf } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every advisor query starts with this key: the caller's own chats (cleared with the rest at sign-out). */
export const advisorKey = ['advisor'] as const;
export const advisorThreadsPath = '/aiadvisor/threads';
export const advisorThreadPath = (threadId: string) => `${advisorThreadsPath}/${encodeURIComponent(threadId)}`;

/** The caller's chats, the most recently used first (the API's order). */
export function listAdvisorThreads(signal?: AbortSignal) {
  return apiRequest(`${advisorThreadsPath}?page=1&limit=50`, { schema: listOf(advisorThread), signal });
}

export const advisorThreadsQueryOptions = () =>
  queryOptions({
    queryKey: [...advisorKey, 'threads'],
    queryFn: ({ signal }) => listAdvisorThreads(signal),
  });

export function useAdvisorThreads(enabled = true) {
  return useQuery({ ...advisorThreadsQueryOptions(), enabled });
}
