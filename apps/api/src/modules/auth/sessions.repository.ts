import type { PageQuery, SessionEndReason } from '@tessera/domain';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { sessions, tenantMembers, users, type SessionRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf } from '../../lib/pagination.ts';

/** Why a session ended (sessions.revoked_reason): the domain's enumeration, which the socket event carries too. */
export type { SessionEndReason };

/** How often a session's last use is written: at most once a minute, so reads do not each cost a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface NewSession {
  tenantId: string;
  userId: string;
  userAgent: string | null;
  ip: string | null;
  method: SessionRow['method'];
  /** When a second factor (or the password, for accounts without one) was last confirmed: at sign-in, now. */
  verifiedAt: Date;
  now: Date;
  expiresAt: Date;
}

export async function insertSession(db: DbOrTx, s: NewSession): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      tenantId: s.tenantId,
      id: newId(),
      userId: s.userId,
      userAgent: s.userAgent?.slice(0, 512) ?? null,
      ip: s.ip,
      method: s.method,
      verifiedAt: s.verifiedAt,
      lastUsedAt: s.now,
      createdAt: s.now,
      expiresAt: s.expiresAt,
    })
    .returning();
  if (!row) throw new Error('the session could not be stored');
  return row;
}

/**
 * What every signed-in call needs, in one query: the session named by the token (ended or not), the account and
 * its membership of the tenant.
 */
export async function findSessionContext(db: DbOrTx, tenantId: string, sessionId: string, userId: string) {
  const [row] = await db
    .select({ session: sessions, user: users, member: tenantMembers })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.userId, users.id), eq(tenantMembers.tenantId, tenantId)))
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row;
}

export async function findSession(db: DbOrTx, tenantId: string, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)))
    .limit(1);
  return row;
}

/** Records a use of the session, once a minute at most. */
export async function touchSession(db: DbOrTx, session: SessionRow, now: Date): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.id, session.id)));
}

export async function updateSession(
  db: DbOrTx,
  tenantId: string,
  sessionId: string,
  patch: Partial<Pick<SessionRow, 'refreshGeneration' | 'verifiedAt' | 'method' | 'lastUsedAt'>>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set(patch)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)))
    .returning();
  return row;
}

/**
 * Moves the refresh generation on from `generation`, only if that is still the current one (two refreshes racing
 * with one token: one wins, the other is a reuse). Returns the session, or undefined when the generation had moved.
 */
export async function advanceRefreshGeneration(db: DbOrTx, tenantId: string, sessionId: string, generation: number, now: Date) {
  const [row] = await db
    .update(sessions)
    .set({ refreshGeneration: generation + 1, lastUsedAt: now })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.id, sessionId),
        eq(sessions.refreshGeneration, generation),
        isNull(sessions.revokedAt),
      ),
    )
    .returning();
  return row;
}

/** The user's sessions on this tenant that have not ended, the most recently used first: one page, and how many in all. */
export async function listActiveSessions(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  now: Date,
  page: PageQuery,
): Promise<{ rows: SessionRow[]; total: number }> {
  const active = and(
    eq(sessions.tenantId, tenantId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    sql`${sessions.expiresAt} > ${now.toISOString()}`,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(sessions).where(active).orderBy(desc(sessions.lastUsedAt), desc(sessions.id)).limit(page.limit).offset(offsetOf(page)),
    db.select({ total: sql<number>`count(*)::int` }).from(sessions).where(active),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Which of a user's sessions on a tenant to end: one, all but one (the caller's), or all. */
export type SessionSelection = { only: string } | { except: string } | 'all';

/** Ends the selected live sessions of the user on this tenant and answers them. */
export async function revokeSessions(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  which: SessionSelection,
  reason: SessionEndReason,
  now: Date,
): Promise<SessionRow[]> {
  const selected = which === 'all' ? undefined : 'only' in which ? eq(sessions.id, which.only) : ne(sessions.id, which.except);
  return db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), selected, isNull(sessions.revokedAt)))
    .returning();
}

/**
 * Ends the user's sessions on every tenant but `keep` (a password change or reset, a suspension): the account is
 * one across tenants, so its sessions are too. Not inside a transaction: one keeps the scope it was opened in.
 */
export async function revokeUserSessionsEverywhereUnscoped(
  db: DbOrTx,
  userId: string,
  reason: SessionEndReason,
  now: Date,
  keep?: { tenantId: string; id: string },
): Promise<SessionRow[]> {
  return withCrossTenant(
    "a password change or suspension ends the person's sessions on every tenant",
    async () =>
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? sql`not (${sessions.tenantId} = ${keep.tenantId} and ${sessions.id} = ${keep.id})` : undefined,
          ),
        )
        .returning(),
  );
}
