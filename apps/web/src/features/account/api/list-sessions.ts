import { listOf, PAGE_LIMIT_MAX, sessionInfo, type SessionInfo } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The user's active sessions on this tenant: one page of the most a page holds, which no one outgrows in practice. */
export async function listSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  const page = await apiRequest(`/auth/sessions?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(sessionInfo), signal });
  return page.data;
}

/** The signed-in user's sessions on this tenant; ending one invalidates this key. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'] as const, queryFn: ({ signal }) => listSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
