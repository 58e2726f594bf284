import { useQueryClient } from '@tanstack/react-query';
import { signoutResult } from '@tessera/domain';
import { api } from '../api-client.ts';
import { useSnackbar } from '../toast.tsx';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { buildEvent, recordEvent } from '../analytics.ts';
import { clearUserQueries } from './clear-user-queries.ts';
import { sessionStore } from './session-store.ts';
import { useSession } from './use-session.ts';

/** Signs out by hand: ends the session on the server, goes to /signin, clears all state and cached data, and toasts 'Signed out'. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { user, tenantId, appType } = useSession();

  return useCallback(async () => {
    void recordEvent(buildEvent('signout', { userId: user?._id, tenantId, appType }));
    // The server ends the session (its token stops working everywhere); this browser does not wait for it.
    void api.post('/auth/signout', undefined, signoutResult).catch(() => {});
    // Leave first, committed at once: signed out on a protected page, its guard would redirect with that page as the origin.
    await navigate('/signin', { flushSync: true });
    sessionStore.signOut('user');
    clearUserQueries(queryClient);
    enqueueSnackbar('Signed out', { variant: 'info' });
  }, [navigate, queryClient, enqueueSnackbar, user, tenantId, appType]);
}
