import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '../../lib/session/use-session.ts';
import { advisorStore, useAdvisorState } from './advisor-store.ts';
import { isAdvisorShortcut, usesCommandKey } from './shortcut.ts';

// What other code mounts, kept apart from the advisor's texts and schemas: an offer's page (a first page within the
// build budget, scripts/check-budget.mjs) loads none of it for a visitor, and a signed-in user's only on use. The
// shortcut's listener is here, with the layout, so a Cmd/Ctrl+K pressed before the panel's code arrives still opens it.
const LazyAskAdvisorButton = lazy(() => import('./components/ask-advisor-button.tsx').then((m) => ({ default: m.AskAdvisorButton })));
// The panel, its markdown and its resizer load on the first open, not with the page.
const LazyAdvisorPanel = lazy(() => import('./components/advisor-panel.tsx').then((m) => ({ default: m.AdvisorPanel })));

/** 'Ask the AI Advisor' on an offer's page, for a signed-in user only. */
export function AskAdvisorButton() {
  const { authenticated } = useSession();
  if (!authenticated) return null;
  return (
    <Suspense fallback={null}>
      <LazyAskAdvisorButton />
    </Suspense>
  );
}

/** Anywhere in the signed-in app: Cmd+K (macOS) or Ctrl+K toggles the AI Advisor's panel. Signing out closes it. */
export function AdvisorHost() {
  const { open } = useAdvisorState();
  useEffect(() => {
    const command = usesCommandKey();
    function onKeyDown(event: KeyboardEvent) {
      if (!isAdvisorShortcut(event, command)) return;
      // The browser's own Ctrl+K (its search box) gives way.
      event.preventDefault();
      advisorStore.toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      advisorStore.close();
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LazyAdvisorPanel onClose={advisorStore.close} />
    </Suspense>
  );
}
