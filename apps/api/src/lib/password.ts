import { hash, verify } from '@node-rs/argon2';

/** argon2id at 19 MiB, t=2, p=1 (OWASP's minimum). @node-rs/argon2 hashes on the libuv pool, off the event loop. */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
