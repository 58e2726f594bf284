/** Browser storage behind small helpers: values are JSON and reads never throw. */

import { STORAGE_KEYS } from '@tessera/domain';

// The keys are the domain's: the API's inline scripts read the session before the app has loaded.
export { STORAGE_KEYS };

export function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working in memory.
  }
}

export function removeKey(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // See writeJson.
  }
}

/** The bearer token of the stored session, read by the API client on every call (§7). */
export function readStoredToken(): string | null {
  const session = readJson(localStorage, STORAGE_KEYS.session);
  if (!session || typeof session !== 'object') return null;
  const { token } = session as { token?: unknown };
  return typeof token === 'string' ? token : null;
}
