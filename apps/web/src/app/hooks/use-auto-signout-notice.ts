import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/toast.tsx';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearUserQueries } from '../../lib/session/clear-user-queries.ts';
import { useSession } from '../../lib/session/use-session.ts';

/** When the session ends by itself at expiry: drop cached data, toast 'Signed out' and go to sign in. */
export function useAutoSignoutNotice() {
  const { autoSignout } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (!autoSignout) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    clearUserQueries(queryClient);
    enqueueSnackbar('Signed out', { variant: 'info' });
    void navigate('/signin', { state: { from: location } });
  }, [autoSignout, location, queryClient, enqueueSnackbar, navigate]);
}
