import type { OfferAssetClass, OfferClass, OfferType } from '@tessera/domain';
import { and, asc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, offers } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/pagination.ts';
import { listingStatusCondition } from '../offers/index.ts';
import { documentFactsOf, onMarketplace } from './marketplace.repository.ts';

/**
 * A search of the tenant's listed offers by their card metrics (002 §9: lowest minimum, highest target IRR, average
 * equity multiple, shortest hold, all generated columns of `offers`), their kind, status and names: what the AI
 * advisor (issue #24) reads. Only what the marketplace shows is ever returned: approved, published, visible offers of
 * the tenant, their visible documents' names. Every bound is a SQL condition, so `total` counts exactly what matched.
 */
export interface ListedOfferSearch {
  assetClasses?: OfferAssetClass[] | undefined;
  types?: OfferType[] | undefined;
  statuses?: ('upcoming' | 'open' | 'closed')[] | undefined;
  /** Strictly above / at most, on the card metrics (percent as stored, currency units, months). */
  targetIrr?: Bounds | undefined;
  equityMultiple?: Bounds | undefined;
  minimumInvestment?: Bounds | undefined;
  holdingPeriod?: Bounds | undefined;
  /** Offers whose own or institution's name appears whole in `text`, or contains one of `phrases`. */
  names?: { text: string; phrases: string[] } | undefined;
  sort?: { by: 'targetIrr' | 'equityMultiple' | 'minimumInvestment' | 'holdingPeriod' | 'openDate'; direction: 'asc' | 'desc' } | undefined;
  limit: number;
}
export interface Bounds {
  above?: number | undefined;
  atLeast?: number | undefined;
  atMost?: number | undefined;
}

export interface ListedOfferFacts {
  id: string;
  slug: string;
  name: string;
  institutionName: string;
  assetClass: OfferAssetClass | null;
  type: OfferType | null;
  openDate: Date | null;
  closeDate: Date | null;
  descriptionShort: string | null;
  classes: OfferClass[];
  minimumInvestment: number | null;
  targetIrr: number | null;
  equityMultiple: number | null;
  holdingPeriod: number | null;
  /** The visible documents, by position (ids only: `visibleDocumentNames` names them for many offers at once). */
  documentIds: string[];
}

const fields = {
  id: offers.id,
  slug: offers.slug,
  name: offers.name,
  institutionName: institutions.name,
  assetClass: offers.assetClass,
  type: offers.type,
  openDate: offers.openDate,
  closeDate: offers.closeDate,
  descriptionShort: offers.descriptionShort,
  classes: offers.classes,
  documents: offers.documents,
  minimumInvestment: offers.cardMinInvestment,
  targetIrr: offers.cardTargetIrr,
  equityMultiple: offers.cardEquityMultiple,
  holdingPeriod: offers.cardHoldingPeriod,
};

const SORT_COLUMN = {
  targetIrr: offers.cardTargetIrr,
  equityMultiple: offers.cardEquityMultiple,
  minimumInvestment: offers.cardMinInvestment,
  holdingPeriod: offers.cardHoldingPeriod,
  openDate: offers.openDate,
} as const;

/** Lower case, every run of other characters one space, padded: how a name is looked for inside a question. */
export function nameText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** Names are looked for as runs of up to this many words of the question. */
const NAME_WORDS_MAX = 8;
const GRAMS_MAX = 2000;

/**
 * Every run of 1 to 8 consecutive words of `text` (lower case, outer punctuation and a possessive 's dropped): the
 * strings a whole offer or institution name must equal to be named in it. Equality lets the query walk the listed
 * offers' lower(name) index instead of searching every name inside the text (5,000 offers: 50 ms → under 1 ms).
 */
export function nameGrams(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/, ''))
    .filter(Boolean);
  const grams = new Set<string>();
  for (let i = 0; i < words.length && grams.size < GRAMS_MAX; i++) {
    for (let n = 1; n <= NAME_WORDS_MAX && i + n <= words.length && grams.size < GRAMS_MAX; n++) {
      const gram = words.slice(i, i + n).join(' ');
      if (gram.length >= 3) grams.add(gram);
    }
  }
  return [...grams];
}

function bounds(column: AnyPgColumn, b: Bounds | undefined): SQL[] {
  if (!b) return [];
  const out: SQL[] = [];
  if (b.above !== undefined) out.push(sql`${column} > ${b.above}`);
  if (b.atLeast !== undefined) out.push(sql`${column} >= ${b.atLeast}`);
  if (b.atMost !== undefined) out.push(lte(column, b.atMost));
  return out;
}

/** The condition on names: the whole name (3+ characters) as words of the text, or a phrase inside the name. */
function namesCondition(tenantId: string, names: NonNullable<ListedOfferSearch['names']>): SQL {
  const grams = nameGrams(names.text);
  const phrases = names.phrases.filter((p) => p.trim().length >= 3).slice(0, 10);
  const conditions: SQL[] = phrases.flatMap((p) => [
    ilike(offers.name, likePattern(p.trim())),
    ilike(institutions.name, likePattern(p.trim())),
  ]);
  if (grams.length) {
    conditions.push(
      inArray(sql`lower(${offers.name})`, grams),
      sql`${offers.institutionId} in (select ${institutions.id} from ${institutions} where ${institutions.tenantId} = ${tenantId} and ${inArray(sql`lower(${institutions.name})`, grams)})`,
    );
  }
  return conditions.length ? or(...conditions)! : sql`false`;
}

function conditions(tenantId: string, q: Omit<ListedOfferSearch, 'limit' | 'sort'>, now: Date): SQL[] {
  const where: SQL[] = [onMarketplace(tenantId)];
  if (q.assetClasses?.length) where.push(inArray(offers.assetClass, q.assetClasses));
  if (q.types?.length) where.push(inArray(offers.type, q.types));
  if (q.statuses?.length) where.push(or(...q.statuses.map((s) => listingStatusCondition(s, now)))!);
  where.push(
    ...bounds(offers.cardTargetIrr, q.targetIrr),
    ...bounds(offers.cardEquityMultiple, q.equityMultiple),
    ...bounds(offers.cardMinInvestment, q.minimumInvestment),
    ...bounds(offers.cardHoldingPeriod, q.holdingPeriod),
  );
  if (q.names) where.push(namesCondition(tenantId, q.names));
  return where;
}

const fromListed = (db: DbOrTx) =>
  db
    .select(fields)
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)));

function toFacts(row: Awaited<ReturnType<ReturnType<typeof fromListed>['where']>>[number]): ListedOfferFacts {
  const { documents, ...rest } = row;
  return {
    ...rest,
    documentIds: documents
      .filter((d) => !d.hidden)
      .sort((a, b) => a.position - b.position)
      .map((d) => d.document),
  };
}

/**
 * The listed offers matching `q`, ranked, at most `q.limit`, and how many matched in all (a second query, skipped
 * when the page holds every match). Offers ranked by a metric they lack come last.
 */
export async function searchListedOffers(
  db: DbOrTx,
  tenantId: string,
  q: ListedOfferSearch,
  now: Date,
): Promise<{ offers: ListedOfferFacts[]; total: number }> {
  const where = and(...conditions(tenantId, q, now));
  const order = q.sort
    ? [
        sql`${SORT_COLUMN[q.sort.by]} ${sql.raw(q.sort.direction === 'asc' ? 'asc' : 'desc')} nulls last`,
        sql`lower(${offers.name})`,
        asc(offers.id),
      ]
    : [sql`lower(${offers.name})`, asc(offers.id)];
  const rows = await fromListed(db)
    .where(where)
    .orderBy(...order)
    .limit(q.limit);
  const total =
    rows.length < q.limit
      ? rows.length
      : ((
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(offers)
            .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
            .where(where)
        )[0]?.total ?? 0);
  return { offers: rows.map(toFacts), total };
}

/** Whether any listed offer of the tenant carries a name the question names (the names alone, no other bound). */
export async function anyListedOfferNamed(db: DbOrTx, tenantId: string, names: NonNullable<ListedOfferSearch['names']>): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
    .where(and(onMarketplace(tenantId), namesCondition(tenantId, names)))
    .limit(1);
  return row !== undefined;
}

/** The listed offers among `ids` (any other id, another tenant's included, finds nothing), in one query. */
export async function listedOffersByIds(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<ListedOfferFacts[]> {
  const wanted = ids.filter((id) => /^[0-9a-f]{24}$/i.test(id)).map((id) => id.toLowerCase());
  if (wanted.length === 0) return [];
  const rows = await fromListed(db).where(and(onMarketplace(tenantId), inArray(offers.id, wanted)));
  return rows.map(toFacts);
}

/** The names of the given documents of the tenant (visible documents of listed offers, as the caller picked them): one query. */
export async function visibleDocumentNames(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const facts = await documentFactsOf(db, tenantId, [...new Set(ids)]);
  return new Map(facts.map((d) => [d.id, d.name]));
}
