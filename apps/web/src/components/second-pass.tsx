import { useDeferredValue, type ReactNode } from 'react';

/**
 * False in a component's first render, true from the render React makes right after it, in the background (the
 * initial value of useDeferredValue). For what sits below the fold when a page opens: the commit that puts the page
 * on screen runs as one task (its DOM, the MUI styles it inserts, its effects), and what renders in the second pass
 * commits in a task of its own. Each mount has the two passes; later renders of the same component have the content.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}

/** Renders `children` from the second pass of its mount (useSecondPass). Holds no space until then. */
export function SecondPass({ children }: { children: ReactNode }) {
  return useSecondPass() ? children : null;
}
