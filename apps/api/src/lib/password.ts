import { hash, verify } from '@node-rs/argon2';
import { AUTH_ERRORS, PASSWORD_MIN } from '@tessera/domain';
import { channel } from 'node:diagnostics_channel';
import type { PasswordHashProfile } from '../config/index.ts';
import { AppError } from './app-error.ts';

/**
 * argon2id's cost. 'standard', what every server uses: 19 MiB, t=2, p=1 (OWASP's minimum). 'test', the cheapest the
 * library takes (8 KiB, t=1), for the test suites only: they sign thousands of people up, and at the standard cost the
 * hashing was a large share of the suite's time. Config refuses 'test' unless NODE_ENV=test. A hash carries its own
 * parameters, so verifying follows whichever profile made it. @node-rs/argon2 hashes on the libuv pool, off the event
 * loop. (algorithm 2 is Algorithm.Argon2id, a const enum, which isolated modules cannot read.)
 */
const PROFILES = {
  standard: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const satisfies Record<PasswordHashProfile, object>;

let options: (typeof PROFILES)[PasswordHashProfile] = PROFILES.standard;

/** Sets the cost of the hashes this process makes (buildApp, from config.passwordHash). */
export function usePasswordHashProfile(profile: PasswordHashProfile): void {
  if (options === PROFILES[profile]) return;
  options = PROFILES[profile];
  decoyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * Each argon2 verification is published here (nothing, with no subscriber): the auth-hardening tests count them to
 * show that an unknown address costs the same work as a wrong password.
 */
export const passwordVerifications = channel('tessera:password-verify');

/** A hash of a random password, verified against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    passwordVerifications.publish({ decoy: true });
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  passwordVerifications.publish({ decoy: false });
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The ~18,000 entries of at least PASSWORD_MIN characters from zxcvbn-ts's common-passwords list (about 49,000 leaked
 * passwords, ranked), compared lowercased; loaded once, on first use.
 */
let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN)),
  );
  return common;
}

async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** Refuses a password from the common-passwords list, naming the body field like a validation error does. */
export async function assertUncommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('validation', `body.${field}: ${AUTH_ERRORS.passwordCommon}`);
}
