import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  mfaChallenges,
  userRecoveryCodes,
  users,
  userTotp,
  webauthnCredentials,
  type MfaChallengeRow,
  type UserTotpRow,
  type WebauthnCredentialRow,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/**
 * The MFA module's tables (migration 0017): a person's authenticator app, recovery codes, passkeys and the pending
 * second steps. Platform-wide like the account they belong to: every query is by user id.
 */

export type ChallengeKind = 'signin' | 'webauthn-register' | 'webauthn-step-up';

// ————— Authenticator app —————

export async function findTotp(db: DbOrTx, userId: string): Promise<UserTotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** A new secret waiting for its first code; replaces an unconfirmed one, never a confirmed one. */
export async function putPendingTotp(db: DbOrTx, userId: string, sealedSecret: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret: sealedSecret, createdAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealedSecret, lastStep: null, createdAt: now },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was before (two calls with
 * one code: one wins). `confirm` also marks the app confirmed. Returns whether this call won.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number, now: Date, confirm = false): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: now } : {}) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  return rows.length > 0;
}

// ————— Recovery codes —————

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ id: newId(), userId, codeHash, createdAt: now })));
}

/** Spends the unused code with this hash; whether there was one. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ————— Passkeys —————

export async function listPasskeys(db: DbOrTx, userId: string): Promise<WebauthnCredentialRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(desc(webauthnCredentials.createdAt), desc(webauthnCredentials.id))
    .limit(100);
}

export async function findPasskeyByCredentialId(db: DbOrTx, userId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.credentialId, credentialId)))
    .limit(1);
  return row;
}

export async function credentialIdTaken(db: DbOrTx, credentialId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId))
    .limit(1);
  return Boolean(row);
}

export async function insertPasskey(
  db: DbOrTx,
  values: Omit<typeof webauthnCredentials.$inferInsert, 'id'>,
): Promise<WebauthnCredentialRow> {
  const [row] = await db
    .insert(webauthnCredentials)
    .values({ id: newId(), ...values })
    .returning();
  if (!row) throw new Error('the passkey could not be stored');
  return row;
}

/**
 * Moves the passkey's signature counter on to `counter`, only while it is below it (or both are zero: authenticators
 * that keep no counter); a counter that did not move on is a cloned authenticator. Returns whether it moved.
 */
export async function advancePasskeyCounter(db: DbOrTx, id: string, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter, lastUsedAt: now })
    .where(
      and(eq(webauthnCredentials.id, id), counter === 0 ? eq(webauthnCredentials.counter, 0) : lt(webauthnCredentials.counter, counter)),
    )
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<WebauthnCredentialRow | undefined> {
  const [row] = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.userId, userId), eq(webauthnCredentials.id, id)))
    .returning();
  return row;
}

// ————— Both —————

/**
 * Whether the user has a confirmed authenticator app, and how many passkeys: what makes sign-in ask for a second step,
 * and what a tenant that requires one checks on each of its owners' and teams' calls. One statement, not one per table.
 * (Drizzle writes a column inside `sql` unqualified, so the subqueries compare with the id itself, not `users.id`.)
 */
export async function factorsOf(db: DbOrTx, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { totp: row?.totp === true, passkeys: Number(row?.passkeys ?? 0) };
}

// ————— Pending second steps —————

export async function insertChallenge(
  db: DbOrTx,
  values: { userId: string; kind: ChallengeKind; challenge: string | null; now: Date; ttlSeconds: number },
): Promise<MfaChallengeRow> {
  const [row] = await db
    .insert(mfaChallenges)
    .values({
      id: newId(),
      userId: values.userId,
      kind: values.kind,
      challenge: values.challenge,
      createdAt: values.now,
      expiresAt: new Date(values.now.getTime() + values.ttlSeconds * 1000),
    })
    .returning();
  if (!row) throw new Error('the challenge could not be stored');
  // Spent and expired ones of this user are of no further use.
  await db
    .delete(mfaChallenges)
    .where(
      and(eq(mfaChallenges.userId, values.userId), or(lt(mfaChallenges.expiresAt, values.now), sql`${mfaChallenges.usedAt} is not null`)),
    );
  return row;
}

/** The challenge if it is still open: not used, not expired, fewer than `maxAttempts` wrong answers. */
export async function findOpenChallenge(db: DbOrTx, id: string, kind: ChallengeKind, now: Date, maxAttempts: number) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.id, id),
        eq(mfaChallenges.kind, kind),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, maxAttempts),
      ),
    )
    .limit(1);
  return row;
}

/** Spends an open challenge; whether this call did (so two answers to one challenge cannot both pass). */
export async function claimChallenge(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Spends the user's open challenge of this kind holding this WebAuthn challenge; the row, or undefined. */
export async function claimWebauthnChallenge(db: DbOrTx, userId: string, kind: ChallengeKind, challenge: string, now: Date) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        eq(mfaChallenges.kind, kind),
        eq(mfaChallenges.challenge, challenge),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function setChallengeWebauthn(db: DbOrTx, id: string, challenge: string): Promise<void> {
  await db.update(mfaChallenges).set({ challenge }).where(eq(mfaChallenges.id, id));
}

/** Counts a wrong answer against the challenge. */
export async function countChallengeAttempt(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(eq(mfaChallenges.id, id));
}
