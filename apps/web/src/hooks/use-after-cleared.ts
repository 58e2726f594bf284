import { useCallback, useEffect, useRef } from 'react';

/**
 * Moves on from a create dialog only once the cleared form has rendered (`dirty` is false again), so the
 * unsaved-changes guard lets the navigation through. Call the returned function with what was created, then clear
 * the form; `onCreated` gets it after that render.
 */
export function useAfterCleared<T>(dirty: boolean, onCreated: (created: T) => void): (created: T) => void {
  const created = useRef<T | null>(null);
  useEffect(() => {
    const value = created.current;
    if (!value || dirty) return;
    created.current = null;
    onCreated(value);
  }, [dirty, onCreated]);
  return useCallback((value: T) => {
    created.current = value;
  }, []);
}
