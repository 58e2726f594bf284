import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

/** A factor was added: the status is read again, and a tenant's requirement is met, so the rest of the app opens. */
export function enrolled(queryClient: QueryClient): Promise<void> {
  sessionStore.setMfaSetupRequired(false);
  return queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
}
