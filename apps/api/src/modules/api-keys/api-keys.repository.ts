import { apiKeyStatus, type ApiKey, type ApiKeyKind, type ApiKeyScope } from '@tessera/domain';
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.ts';

/** Whose keys: the tenant's own (institutionId null) or those of one of its institutions. */
export interface KeyOwner {
  tenantId: string;
  institutionId: string | null;
}

const ownedBy = (owner: KeyOwner): SQL =>
  and(
    eq(apiKeys.tenantId, owner.tenantId),
    owner.institutionId ? eq(apiKeys.institutionId, owner.institutionId) : isNull(apiKeys.institutionId),
  )!;

export interface NewApiKey {
  id: string;
  kind: ApiKeyKind;
  prefix: string;
  keyHash: string;
  label: string | null;
  createdBy: string | null;
  createdAt: Date;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  allowedOrigins: string[];
}

export async function insertApiKey(db: DbOrTx, owner: KeyOwner, values: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({ ...owner, ...values })
    .returning();
  return row!;
}

/** A page of an owner's keys, newest first, with the total. */
export async function listApiKeys(
  db: DbOrTx,
  owner: KeyOwner,
  page: { limit: number; offset: number },
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(ownedBy(owner))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(apiKeys).where(ownedBy(owner)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findApiKey(db: DbOrTx, owner: KeyOwner, id: string, lock = false): Promise<ApiKeyRow | null> {
  const query = db
    .select()
    .from(apiKeys)
    .where(and(ownedBy(owner), eq(apiKeys.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Any key of the tenant, its institutions' included: the caller learns from the row whose it is. */
export async function findApiKeyByHash(db: DbOrTx, tenantId: string, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.keyHash, keyHash)));
  return row ?? null;
}

export async function revokeApiKey(db: DbOrTx, tenantId: string, id: string, at: Date): Promise<ApiKeyRow> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)))
    .returning();
  return row!;
}

/**
 * Records a use and the address it came from unless one was recorded since `staleBefore`; the condition keeps
 * concurrent requests to one write.
 */
export async function touchApiKey(
  db: DbOrTx,
  tenantId: string,
  id: string,
  use: { at: Date; ip: string | null },
  staleBefore: Date,
): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: use.at, lastUsedIp: use.ip })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    _id: row.id,
    kind: row.kind,
    institution: row.institutionId,
    prefix: row.prefix,
    label: row.label,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    allowedOrigins: row.allowedOrigins,
    status: apiKeyStatus({ revokedAt: row.revokedAt?.toISOString() ?? null, expiresAt: row.expiresAt?.toISOString() ?? null }, now),
  };
}
