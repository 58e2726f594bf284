import type { ApiKey, ApiKeyKind } from '@tessera/domain';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.ts';

export interface NewApiKey {
  id: string;
  kind: ApiKeyKind;
  prefix: string;
  keyHash: string;
  label: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export async function insertApiKey(db: DbOrTx, tenantId: string, values: NewApiKey): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values({ tenantId, ...values }).returning();
  return row!;
}

/** Newest first; a tenant holds a handful of keys, so the list is not paged. */
export async function listApiKeys(db: DbOrTx, tenantId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: DbOrTx, tenantId: string, id: string, lock = false): Promise<ApiKeyRow | null> {
  const query = db.select().from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findApiKeyByHash(db: DbOrTx, tenantId: string, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.keyHash, keyHash)));
  return row ?? null;
}

export async function revokeApiKey(db: DbOrTx, tenantId: string, id: string, at: Date): Promise<ApiKeyRow> {
  const [row] = await db.update(apiKeys).set({ revokedAt: at }).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id))).returning();
  return row!;
}

/** Records a use unless one was recorded since `staleBefore`; the condition keeps concurrent requests to one write. */
export async function touchApiKey(db: DbOrTx, tenantId: string, id: string, at: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    _id: row.id,
    kind: row.kind,
    prefix: row.prefix,
    label: row.label,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
