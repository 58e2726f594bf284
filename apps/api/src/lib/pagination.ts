import type { PageMeta, PageQuery } from '@tessera/domain';

export function offsetOf(q: PageQuery): number {
  return (q.page - 1) * q.limit;
}

export function pageMeta(q: PageQuery, total: number): PageMeta {
  return { page: q.page, limit: q.limit, total };
}

/** Escapes LIKE wildcards in user search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
