import { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage } from './storage.ts';

/** In-memory files for tests. */
export function createMemoryStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    kind: 'local',
    async put(key, data) {
      assertStorageKey(key);
      files.set(key, Buffer.from(data));
    },
    async get(key) {
      const data = files.get(key);
      return data ? { stream: Readable.from([data]), size: data.length } : null;
    },
    async delete(key) {
      files.delete(key);
    },
    keys: () => [...files.keys()],
  };
}
