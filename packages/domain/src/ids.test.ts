import { describe, expect, it } from 'vitest';
import { isObjectId, newObjectId, OBJECT_ID_PATTERN, objectId } from './ids.ts';

describe('object id rule', () => {
  it('accepts exactly 24 lowercase hex characters', () => {
    expect(isObjectId('65a1f0c2e4b0a1b2c3d4e5f6')).toBe(true);
    expect(objectId.safeParse('000000000000000000000000').success).toBe(true);
  });

  it.each([
    ['23 characters', '65a1f0c2e4b0a1b2c3d4e5f'],
    ['25 characters', '65a1f0c2e4b0a1b2c3d4e5f60'],
    ['a non-hex character', '65a1f0c2e4b0a1b2c3d4e5fg'],
    ['upper case', '65A1F0C2E4B0A1B2C3D4E5F6'],
    ['surrounding space', ' 65a1f0c2e4b0a1b2c3d4e5f6'],
    ['empty text', ''],
  ])('rejects %s', (_label, value) => {
    expect(isObjectId(value)).toBe(false);
    expect(objectId.safeParse(value).success).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isObjectId(null)).toBe(false);
    expect(isObjectId(123)).toBe(false);
    expect(isObjectId({})).toBe(false);
  });

  it('explains the rule in its error', () => {
    const result = objectId.safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must be a 24-character hexadecimal id');
  });
});

describe('newObjectId', () => {
  it('makes 24-hex ids', () => {
    const id = newObjectId();
    expect(id).toMatch(OBJECT_ID_PATTERN);
    expect(isObjectId(id)).toBe(true);
  });

  it('makes unique ids', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newObjectId()));
    expect(ids.size).toBe(10_000);
  });

  it('cannot be guessed from the one before: the part after the time is random, not a counter', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const tails = Array.from({ length: 200 }, () => BigInt(`0x${newObjectId(now).slice(8)}`));
    const steps = tails.slice(1).map((tail, i) => tail - (tails[i] ?? 0n));
    // A counter steps by one; 64 random bits almost never land within a thousand of the previous id.
    expect(steps.filter((step) => step > -1000n && step < 1000n)).toEqual([]);
  });

  it('starts with the creation time in seconds', () => {
    const now = new Date('2024-05-01T12:00:00.999Z');
    const seconds = Math.floor(now.getTime() / 1000);
    expect(newObjectId(now).slice(0, 8)).toBe(seconds.toString(16).padStart(8, '0'));
    expect(parseInt(newObjectId(new Date(0)).slice(0, 8), 16)).toBe(0);
  });

  it('sorts later ids after earlier ones', () => {
    const a = newObjectId(new Date('2024-01-01T00:00:00Z'));
    const b = newObjectId(new Date('2024-01-01T00:00:01Z'));
    const c = newObjectId(new Date('2030-06-15T00:00:00Z'));
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });
});
