import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryOptions } from './list-sessions.ts';

/** Ends one of the user's other sessions (that browser is signed out). */
export function endSession(sessionId: string): Promise<void> {
  return api.remove(`/auth/sessions/${encodeURIComponent(sessionId)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
