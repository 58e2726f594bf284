import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.ts';
import { HASH_CONCURRENCY, hashPassword, hashSlots, usePasswordHashProfile, verifyPassword } from './password.ts';

/** What production requires from the environment besides (config refuses to start without them). */
const PRODUCTION_SECRETS = { JWT_SECRET: 'j'.repeat(32), ENCRYPTION_KEY: 'e'.repeat(32) };

/** The cost parameters a PHC-format argon2 hash carries: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
const costOf = (hash: string) => hash.split('$')[3];

describe('password hashing cost', () => {
  afterEach(() => usePasswordHashProfile('standard'));

  it('hashes with OWASP’s minimum (argon2id, 19 MiB, t=2, p=1) unless configured otherwise', async () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).passwordHash).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHash).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHash).toBe('standard');
    // The module as a process first loads it (the worker's other files set the test profile on this one).
    vi.resetModules();
    const fresh = await import('./password.ts');
    const hash = await fresh.hashPassword('correct-horse-battery');
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(costOf(hash)).toBe('m=19456,t=2,p=1');
  });

  it('refuses the test profile outside NODE_ENV=test, naming the variable', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH: 'test', ...PRODUCTION_SECRETS })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH: 'test', ...PRODUCTION_SECRETS })).toThrow(
        /PASSWORD_HASH: test is for the test suites only/,
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH: 'fast', ...PRODUCTION_SECRETS })).toThrow(
      /PASSWORD_HASH: must be standard or test/,
    );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH: 'test' }).passwordHash).toBe('test');
  });

  it('the test profile is the cheapest argon2id, and hashes of either profile verify', async () => {
    const standard = await hashPassword('correct-horse-battery');
    usePasswordHashProfile('test');
    const cheap = await hashPassword('correct-horse-battery');
    expect(costOf(cheap)).toBe('m=8,t=1,p=1');
    // A hash carries its parameters: both verify, whichever profile the process now uses.
    expect(await verifyPassword(standard, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(cheap, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong-horse-battery')).toBe(false);
  });
});

describe('hashes at once', () => {
  afterEach(() => usePasswordHashProfile('standard'));

  it('at most cores − 1 run, the rest wait their turn and all finish (a pool thread stays free for JWTs and zlib)', async () => {
    usePasswordHashProfile('test');
    const hashed = await hashPassword('correct-horse-battery');
    const count = HASH_CONCURRENCY + 3;
    const all = Promise.all([
      ...Array.from({ length: count - 1 }, () => hashPassword('correct-horse-battery')),
      verifyPassword(hashed, 'correct-horse-battery'),
    ]);
    expect(hashSlots()).toEqual({ running: HASH_CONCURRENCY, waiting: 3 });
    const results = await all;
    expect(results.at(-1)).toBe(true);
    expect(hashSlots()).toEqual({ running: 0, waiting: 0 });
  });
});
