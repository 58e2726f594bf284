import type { FinancialAccount } from '@tessera/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { financialAccounts, type FinancialAccountRow } from '../../db/schema/index.ts';
import { maskSecret, type FieldCipher } from '../../lib/crypto.ts';

type Values = Omit<FinancialAccountRow, 'tenantId' | 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

const owned = (tenantId: string, userId: string) => and(eq(financialAccounts.tenantId, tenantId), eq(financialAccounts.userId, userId));

export async function findAccount(db: DbOrTx, tenantId: string, userId: string, id: string): Promise<FinancialAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(financialAccounts)
    .where(and(owned(tenantId, userId), eq(financialAccounts.id, id)))
    .limit(1);
  return row;
}

export async function listAccounts(db: DbOrTx, tenantId: string, userId: string, page: { limit: number; offset: number }) {
  const where = owned(tenantId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(financialAccounts)
      .where(where)
      .orderBy(desc(financialAccounts.createdAt), desc(financialAccounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(financialAccounts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Which of `ids` are accounts of this user in this tenant. */
export async function findOwnedAccountIds(db: DbOrTx, tenantId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: financialAccounts.id })
    .from(financialAccounts)
    .where(and(owned(tenantId, userId), inArray(financialAccounts.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function insertAccount(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  id: string,
  values: Values,
): Promise<FinancialAccountRow> {
  const [row] = await db
    .insert(financialAccounts)
    .values({ ...values, tenantId, userId, id })
    .returning();
  return row!;
}

export async function updateAccount(db: DbOrTx, tenantId: string, id: string, values: Partial<Values>): Promise<FinancialAccountRow> {
  const [row] = await db
    .update(financialAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(financialAccounts.tenantId, tenantId), eq(financialAccounts.id, id)))
    .returning();
  return row!;
}

export async function deleteAccount(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(financialAccounts).where(and(eq(financialAccounts.tenantId, tenantId), eq(financialAccounts.id, id)));
}

export function toFinancialAccount(row: FinancialAccountRow, cipher: FieldCipher): FinancialAccount {
  return {
    _id: row.id,
    user: row.userId,
    accountName: row.accountName,
    type: row.type,
    number: maskSecret(cipher.decrypt(row.numberEncrypted)) ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
