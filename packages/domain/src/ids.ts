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

let counter = Math.floor(Math.random() * 0x1000000);

/**
 * A 24-hex object id: 4 bytes of seconds, a 3-byte per-process counter, then 5 bytes from the platform's CSPRNG.
 * Ids are exposed in addresses, so none may be guessed from another (issue #21: they ended in the counter, each the
 * previous + 1); the 40 random bits at the end make the next id one of a trillion. The counter keeps ids made in one
 * second by one process in the order they were made, which lists sorted by time then id rely on.
 */
export function newObjectId(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000);
  const random = crypto.getRandomValues(new Uint8Array(5));
  return hex(seconds, 8) + hex(counter, 6) + Array.from(random, (b) => hex(b, 2)).join('');
}
