import { ADVISOR_PANEL } from '@tessera/domain';
import { lazy, Suspense, useEffect } from 'react';
import { advisorStore, useAdvisorState } from '../advisor-store.ts';

// The panel, its markdown and its resizer load on the first open, not with the page.
const AdvisorPanel = lazy(() => import('./advisor-panel.tsx').then((m) => ({ default: m.AdvisorPanel })));

/** Cmd on macOS (and iOS with a keyboard), Ctrl elsewhere. */
export function usesCommandKey(): boolean {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Whether `event` is the advisor's shortcut: Cmd+K on macOS, Ctrl+K elsewhere (001 §2). */
export function isAdvisorShortcut(event: KeyboardEvent, command = usesCommandKey()): boolean {
  if (event.key.toLowerCase() !== ADVISOR_PANEL.shortcutKey || event.altKey || event.shiftKey) return false;
  return command ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** Anywhere in the signed-in app: the shortcut toggles the AI Advisor's panel. Signing out closes it. */
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
      <AdvisorPanel onClose={advisorStore.close} />
    </Suspense>
  );
}
