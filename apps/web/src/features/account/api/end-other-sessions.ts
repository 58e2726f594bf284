import { sessionsRevokeResult, type SessionsRevokeResult } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './list-sessions.ts';

/** Ends every session of the user on this tenant but this browser's. */
export function endOtherSessions(): Promise<SessionsRevokeResult> {
  return api.post('/auth/sessions/revoke-others', undefined, sessionsRevokeResult);
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
