import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session.ts';
import { buildViewEvent } from '../../lib/analytics.ts';
import { queueEvent } from '../../lib/analytics-queue.ts';

/**
 * §2: every route change records one view event; the previous in-app address is its referrer. Autocapture is on in
 * production builds only (000 §9), so development and tests add no page views; views join the batched queue.
 */
export function usePageViews({ autocapture = import.meta.env.PROD }: { autocapture?: boolean } = {}) {
  const { pathname, search, hash } = useLocation();
  const { user, tenantId, appType } = useSession();
  const previous = useRef<string | null>(null);
  const address = pathname + search + hash;

  useEffect(() => {
    // Also absorbs StrictMode's second run and changes of user or tenant on the same page.
    if (!autocapture || previous.current === address) return;
    const referrer = previous.current === null ? null : window.location.origin + previous.current;
    previous.current = address;
    // In a task of its own: a page's first effects often run in the task that commits it (an update during the commit,
    // as MUI's Tabs and react-hook-form make, flushes them there), and building the event (the tid cookie) and
    // starting its request would add to that task.
    setTimeout(() => queueEvent(buildViewEvent({ userId: user?._id, tenantId, appType }, referrer)), 0);
  }, [address, user, tenantId, appType, autocapture]);
}
