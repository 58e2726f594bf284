import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** How long an invitation link stays valid. */
export const INVITE_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Stores a new single-use invitation token and returns its id, the `jti` the caller signs into the link. */
export async function insertInviteToken(db: DbOrTx, tenantId: string, userId: string, now: Date): Promise<string> {
  const jti = newId();
  await db
    .insert(authTokens)
    .values({ id: jti, userId, tenantId, purpose: 'invite', expiresAt: new Date(now.getTime() + INVITE_TTL_SECONDS * 1000) });
  return jti;
}

/** Any earlier invitation link of the user for this tenant stops working. */
export async function revokeInviteTokens(db: DbOrTx, tenantId: string, userId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authTokens.userId, userId), eq(authTokens.tenantId, tenantId), eq(authTokens.purpose, 'invite'), isNull(authTokens.usedAt)),
    );
}

/** Part of removing a whole tenant (platform admin): its pending tokens. */
export async function deleteTenantTokensUnscoped(db: DbOrTx, tenantId: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tenantId, tenantId));
}
