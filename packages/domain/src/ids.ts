import { z } from 'zod';

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectId = z.string().regex(OBJECT_ID_PATTERN, 'Must be a 24-character hexadecimal id');
export type ObjectId = z.infer<typeof objectId>;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/**
 * A 24-hex object id: 4 bytes of seconds, then 8 random bytes from the platform's CSPRNG. Ids are exposed in
 * addresses, so none may be guessed from another (issue #21: they were a per-process counter, each the previous + 1).
 */
export function newObjectId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000);
  const random = crypto.getRandomValues(new Uint8Array(8));
  return hex(seconds, 8) + Array.from(random, (b) => hex(b, 2)).join('');
}
