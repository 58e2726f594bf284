import { type ReactNode, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * §4: while `isDirty`, leaving the page asks first. In-app navigation opens the 'Unsaved Changes' dialog
 * (render the returned element); closing or reloading the tab gets the browser's own prompt.
 * Reset the form before navigating away after a successful save, or the guard will ask.
 */
export function useUnsavedChangesGuard(isDirty: boolean): ReactNode {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Unsaved Changes"
      message="You have unsaved changes"
      confirmLabel="Leave Page"
      cancelLabel="Stay on Page"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => {
        if (blocker.state === 'blocked') blocker.reset();
      }}
    />
  );
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  return useUnsavedChangesGuard(when);
}
