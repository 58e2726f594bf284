import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** One tenant's outbox mail, newest first, optionally only to one address. */
export async function listTenantMail(db: Db, tenantId: string, options: { to?: string | undefined; limit: number; offset: number }) {
  const where = and(eq(mailOutbox.tenantId, tenantId), options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findTenantMail(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)))
    .limit(1);
  return row;
}
