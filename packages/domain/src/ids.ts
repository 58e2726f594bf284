import { z } from 'zod';

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectId = z.string().regex(OBJECT_ID_PATTERN, 'Must be a 24-character hexadecimal id');
export type ObjectId = z.infer<typeof objectId>;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

let counter = Math.floor(Math.random() * 0xffffff);
const processRandom = Array.from({ length: 5 }, () => Math.floor(Math.random() * 256));

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

/** A 24-hex object id: 4 bytes of seconds, 5 random bytes per process, 3 bytes of counter. */
export function newObjectId(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000);
  return hex(seconds, 8) + processRandom.map((b) => hex(b, 2)).join('') + hex(counter, 6);
}
