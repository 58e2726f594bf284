import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session/use-session.ts';

// What other code mounts, kept apart from the advisor's texts and schemas: an offer's page (a first page within the
// build budget, scripts/check-budget.mjs) loads none of it for a visitor, and a signed-in user's only on use.
const LazyAskAdvisorButton = lazy(() => import('./components/ask-advisor-button.tsx').then((m) => ({ default: m.AskAdvisorButton })));
const LazyAdvisorHost = lazy(() => import('./components/advisor-host.tsx').then((m) => ({ default: m.AdvisorHost })));

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

/** Cmd/Ctrl+K anywhere in the signed-in app, and the panel it opens. */
export function AdvisorHost() {
  return (
    <Suspense fallback={null}>
      <LazyAdvisorHost />
    </Suspense>
  );
}
