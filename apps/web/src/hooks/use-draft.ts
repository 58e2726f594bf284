import { useState } from 'react';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A local draft of a server copy (002 §4 edit forms): it follows the server copy until edited,
 * is dirty while it differs from it, and `reset` drops the edits (also after a save).
 */
export function useDraft<T>(saved: T) {
  const [edited, setEdited] = useState<T | null>(null);
  const value = edited ?? saved;
  const dirty = edited !== null && !same(edited, saved);
  const update = (next: T | ((current: T) => T)) =>
    setEdited((current) => (typeof next === 'function' ? (next as (c: T) => T)(current ?? saved) : next));
  return { value, dirty, update, reset: () => setEdited(null) };
}
