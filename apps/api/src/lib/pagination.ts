import { LIST_TOTAL_CAP, type PageMeta, type PageQuery } from '@tessera/domain';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export function offsetOf(q: PageQuery): number {
  return (q.page - 1) * q.limit;
}

export function pageMeta(q: PageQuery, total: number): PageMeta {
  return { page: q.page, limit: q.limit, total };
}

/**
 * The rows a select matches, counted up to LIST_TOTAL_CAP + 1 (#25): `count(*)` of the select limited to that, so a
 * tenant's 500,000 events cost 10,001 index entries, not all of them. `matching` is the list's select of a constant
 * (`db.select({ one: sql`1` }).from(…).where(…)`), without order or limit. Give the count to cappedPageMeta.
 */
export async function countCapped(db: DbOrTx, matching: { limit(limit: number): SQLWrapper }): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`(${matching.limit(LIST_TOTAL_CAP + 1)}) as matching`);
  return row?.n ?? 0;
}

/** A page's meta for a count of countCapped: past LIST_TOTAL_CAP the total is the cap, marked `totalCapped`. */
export function cappedPageMeta(q: PageQuery, counted: number): PageMeta {
  return counted > LIST_TOTAL_CAP ? { ...pageMeta(q, LIST_TOTAL_CAP), totalCapped: true } : pageMeta(q, counted);
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
