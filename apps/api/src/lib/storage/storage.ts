import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk under DATA_DIR by default (S3-compatible storage is the scale-out option). */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a generated key (never the client's file name). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/** A key every storage takes: lower-case letters, digits, '/', '_' and '-', no '..'; the memory storage used by tests refuses what disk would. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}
