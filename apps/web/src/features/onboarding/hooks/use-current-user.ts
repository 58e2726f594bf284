import type { User } from '@tessera/domain';
import { useEffect } from 'react';
import { useUser } from '../../user/index.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * The signed-in user as fresh as we have it: the server's answer once read, the session's copy (from sign-in, kept in
 * step by the onboarding saves) until then, so a guard can decide on the first render. A newer server copy is kept in
 * the session too, so the layout (side navigation) follows what the server says.
 */
export function useCurrentUser(): { user: User | null; isFetched: boolean } {
  const session = useSession();
  const query = useUser(session.user?._id);
  const fresh = query.data;
  useEffect(() => {
    if (fresh && session.user && fresh.updatedAt !== session.user.updatedAt) sessionStore.updateUser(fresh);
  }, [fresh, session.user]);
  return { user: fresh ?? session.user ?? null, isFetched: query.isFetched };
}
