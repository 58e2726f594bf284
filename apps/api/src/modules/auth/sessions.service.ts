import type { List, PageQuery, SessionEndReason, SessionInfo, SessionsRevokeResult } from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionRow } from '../../db/schema/index.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthContext, Caller } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { pageMeta } from '../../lib/pagination.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { recordEvent } from '../timeline/index.ts';
import { deviceName } from './device.ts';
import { listActiveSessions, revokeSessions, revokeUserSessionsEverywhereUnscoped } from './sessions.repository.ts';

/** What ending sessions needs: the database, the clock, and the socket that tells the browsers. */
export interface SessionsDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
}

export function toSessionInfo(row: SessionRow, currentId: string): SessionInfo {
  return {
    id: row.id,
    current: row.id === currentId,
    device: deviceName(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const plural = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

/** What the timeline says when sessions end, by reason. */
const ENDED_MESSAGES: Record<SessionEndReason, (ended: SessionRow[]) => string> = {
  signout: () => 'Signed out',
  revoked: (ended) => `Ended the session on ${deviceName(ended[0]?.userAgent ?? null)}`,
  'others-revoked': (ended) => `Ended ${ended.length === 1 ? '1 other session' : `${ended.length} other sessions`}`,
  'password-changed': (ended) => `${plural(ended.length)} ended: the password was changed`,
  'password-reset': (ended) => `${plural(ended.length)} ended: the password was reset`,
  'refresh-reuse': (ended) => `Ended the session on ${deviceName(ended[0]?.userAgent ?? null)}: its refresh token was used twice`,
  'mfa-changed': (ended) => `${plural(ended.length)} ended: two-step verification changed`,
  'account-suspended': (ended) => `${plural(ended.length)} ended: the account was suspended`,
  'membership-suspended': (ended) => `${plural(ended.length)} ended: the membership was suspended`,
};

/**
 * The timeline event of sessions of one user that ended on one tenant, in the caller's transaction: on the user, with
 * each session's end as the change and the sessions' devices (never their addresses).
 */
async function recordEnded(
  tx: DbOrTx,
  tenantId: string,
  actor: { userId: string | null } | { caller: Caller },
  ended: SessionRow[],
  reason: SessionEndReason,
): Promise<void> {
  const first = ended[0];
  if (!first) return;
  await recordEvent(tx, {
    tenantId,
    type: 'auth',
    entity: first.userId,
    entityType: 'user',
    ...actor,
    message: ENDED_MESSAGES[reason](ended),
    meta: {
      change: {
        revokedAt: { old: null, new: first.revokedAt?.toISOString() ?? null },
        revokedReason: { old: null, new: reason },
      },
      sessions: ended.map((s) => ({ id: s.id, device: deviceName(s.userAgent) })),
    },
  });
}

/** The caller's sessions on this tenant that have not ended, the one of this call marked. */
export async function listSessions(deps: Pick<SessionsDeps, 'db' | 'clock'>, auth: AuthContext, q: PageQuery): Promise<List<SessionInfo>> {
  const { rows, total } = await listActiveSessions(deps.db, auth.tenantId, auth.user.id, deps.clock.now(), q);
  return { data: rows.map((row) => toSessionInfo(row, auth.session.id)), meta: pageMeta(q, total) };
}

/** Ends sessions of the caller on this tenant with `revoke`, records it, and tells their sockets once committed. */
async function endOwn(
  deps: SessionsDeps,
  auth: AuthContext,
  reason: SessionEndReason,
  revoke: (tx: DbOrTx, now: Date) => Promise<SessionRow[]>,
  orElse?: () => Error,
): Promise<SessionRow[]> {
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await revoke(tx, deps.clock.now());
    if (rows.length === 0 && orElse) throw orElse();
    await recordEnded(tx, auth.tenantId, { userId: auth.user.id }, rows, reason);
    return rows;
  });
  deps.realtime.sessionsEnded({ sessionIds: ended.map((s) => s.id) }, reason);
  return ended;
}

/** Signs out: the caller's session ends, and its token and refresh token stop working on every node at once. */
export async function signOut(deps: SessionsDeps, auth: AuthContext): Promise<void> {
  await endOwn(deps, auth, 'signout', (tx, now) =>
    revokeSessions(tx, auth.tenantId, auth.user.id, { only: auth.session.id }, 'signout', now),
  );
}

/** Ends one of the caller's sessions on this tenant; anyone else's, or one that already ended, is unknown (404). */
export async function endSession(deps: SessionsDeps, auth: AuthContext, sessionId: string): Promise<void> {
  await endOwn(
    deps,
    auth,
    'revoked',
    (tx, now) => revokeSessions(tx, auth.tenantId, auth.user.id, { only: sessionId }, 'revoked', now),
    () => notFound('Session'),
  );
}

/** Ends every other session of the caller on this tenant. */
export async function endOtherSessions(deps: SessionsDeps, auth: AuthContext): Promise<SessionsRevokeResult> {
  const ended = await endOwn(deps, auth, 'others-revoked', (tx, now) =>
    revokeSessions(tx, auth.tenantId, auth.user.id, { except: auth.session.id }, 'others-revoked', now),
  );
  return { revoked: ended.length };
}

/**
 * Ends a session whose refresh token was presented a second time: one of the two holders is not its owner, and which
 * cannot be told, so neither keeps it. Recorded with no actor: the platform ended it.
 */
export async function endReusedSession(deps: SessionsDeps, session: SessionRow): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await revokeSessions(tx, session.tenantId, session.userId, { only: session.id }, 'refresh-reuse', deps.clock.now());
    await recordEnded(tx, session.tenantId, { userId: null }, rows, 'refresh-reuse');
    return rows;
  });
  deps.realtime.sessionsEnded({ sessionIds: ended.map((s) => s.id) }, 'refresh-reuse');
}

/** Ends a member's sessions on this tenant (their membership was suspended), recorded as the caller's doing. */
export async function endMemberSessions(deps: SessionsDeps, caller: Caller, userId: string, reason: SessionEndReason): Promise<number> {
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await revokeSessions(tx, caller.tenantId, userId, 'all', reason, deps.clock.now());
    await recordEnded(tx, caller.tenantId, { caller }, rows, reason);
    return rows;
  });
  deps.realtime.sessionsEnded({ sessionIds: ended.map((s) => s.id) }, reason);
  return ended.length;
}

/**
 * Ends the user's sessions on every tenant but `keep` (a password change keeps the session that made it; a reset keeps
 * none), with an event on each tenant where some ended. Call it after the change's own transaction has committed.
 */
export async function endSessionsEverywhereUnscoped(
  deps: SessionsDeps,
  userId: string,
  reason: SessionEndReason,
  keep?: { tenantId: string; id: string },
): Promise<number> {
  const ended = await withCrossTenant("a password change or reset ends the person's sessions on every tenant", () =>
    deps.db.transaction(async (tx) => {
      const rows = await revokeUserSessionsEverywhereUnscoped(tx, userId, reason, deps.clock.now(), keep);
      for (const tenantId of new Set(rows.map((row) => row.tenantId)))
        await recordEnded(
          tx,
          tenantId,
          { userId },
          rows.filter((row) => row.tenantId === tenantId),
          reason,
        );
      return rows;
    }),
  );
  deps.realtime.sessionsEnded({ sessionIds: ended.map((s) => s.id) }, reason);
  return ended.length;
}
