import { ADVISOR_LIMITS, deriveListingStatus, marketplaceOfferPath } from '@tessera/domain';
import type { Db } from '../../../db/client.ts';
import { withTenant } from '../../../db/scope.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  anyListedOfferNamed,
  listedOffersByIds,
  nameText,
  searchListedOffers,
  visibleDocumentNames,
  type ListedOfferFacts,
  type ListedOfferSearch,
} from '../../marketplace/index.ts';
import type { AdvisorGrounding, AdvisorOffer, OfferCriteria } from '../model.ts';
import { parseCriteria } from './criteria.ts';
import { glossaryFor } from './glossary.ts';

export interface RetrievalDeps {
  db: Db;
  clock: Clock;
}

export type Retrieved = Pick<AdvisorGrounding, 'criteria' | 'offers' | 'matched' | 'focusOfferIds' | 'glossary'>;

/** Documents named per offer at most: enough to say what is attached, not a file listing. */
const DOCUMENTS_PER_OFFER = 10;

/**
 * What the advisor may answer a question from: the tenant's listed offers that match its criteria (ranked, at most
 * ADVISOR_LIMITS.retrievalMax, `matched` counting them all), the offers it was asked about (the offer page the panel
 * was opened from) when they are listed, and the glossary entries it mentions.
 *
 * Everything is read through the marketplace's public search, which only ever returns approved, published, visible
 * offers of `tenantId`, and under that tenant's database scope: another tenant's offer id or name finds nothing.
 * Queries, however many offers there are: whether any listed offer is named, one page, one count when the page is
 * full, the focus offers (when asked), and the documents' names of all retrieved offers at once.
 *
 * Document text: parsed text is stored encrypted and is classified (lib/pii.ts `documents-parsed-text`: never in a
 * response), so excerpts stay null; the advisor names the documents and links the offer page where they are read.
 */
export async function retrieve(deps: RetrievalDeps, tenantId: string, input: { question: string; offerIds: string[] }): Promise<Retrieved> {
  const parsed = parseCriteria(input.question);
  const glossary = glossaryFor(input.question);
  const now = deps.clock.now();
  return withTenant(tenantId, async () => {
    const search = toSearch(parsed);
    const names = { text: input.question, phrases: parsed.names ?? [] };
    // Whether the question names a listed offer or institution decides whether names narrow the search: a phrase
    // that names nothing ('Paris', a misspelling) must not empty the answer.
    const named = await anyListedOfferNamed(deps.db, tenantId, names);
    const { offers, total } = await searchListedOffers(deps.db, tenantId, named ? { ...search, names } : search, now);

    // The names kept are those of listed offers or institutions: the found offers' names the question names, or, when
    // the named offers all fail its other criteria, the phrases themselves. Phrases naming nothing are dropped.
    const criteria: OfferCriteria = { ...parsed };
    delete criteria.names;
    if (named) {
      const namesFound = offers.length ? namedIn(input.question, parsed.names ?? [], offers) : (parsed.names ?? []);
      if (namesFound.length) criteria.names = namesFound;
    }

    const focus = await listedOffersByIds(deps.db, tenantId, input.offerIds.slice(0, ADVISOR_LIMITS.offerIdsMax));
    // The focus offers first, in the order asked, then the matches.
    const order = new Map(input.offerIds.map((id, i) => [id.toLowerCase(), i]));
    focus.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const all = [...focus, ...offers.filter((o) => !focus.some((f) => f.id === o.id))];
    const documentNames = await visibleDocumentNames(
      deps.db,
      tenantId,
      all.flatMap((o) => o.documentIds.slice(0, DOCUMENTS_PER_OFFER)),
    );
    return {
      criteria,
      offers: all.map((o) => toAdvisorOffer(o, documentNames, now)),
      matched: total,
      focusOfferIds: focus.map((o) => o.id),
      glossary,
    };
  });
}

/** The criteria as the marketplace's search takes them (names aside). */
function toSearch(c: OfferCriteria): ListedOfferSearch {
  return {
    assetClasses: c.assetClasses,
    types: c.types,
    statuses: c.statuses,
    targetIrr: c.irrAbove !== undefined || c.irrAtMost !== undefined ? { above: c.irrAbove, atMost: c.irrAtMost } : undefined,
    equityMultiple:
      c.equityMultipleAbove !== undefined || c.equityMultipleAtMost !== undefined
        ? { above: c.equityMultipleAbove, atMost: c.equityMultipleAtMost }
        : undefined,
    minimumInvestment:
      c.minimumInvestmentAtLeast !== undefined || c.minimumInvestmentAtMost !== undefined
        ? { atLeast: c.minimumInvestmentAtLeast, atMost: c.minimumInvestmentAtMost }
        : undefined,
    holdingPeriod:
      c.holdingPeriodAtLeast !== undefined || c.holdingPeriodAtMost !== undefined
        ? { atLeast: c.holdingPeriodAtLeast, atMost: c.holdingPeriodAtMost }
        : undefined,
    sort: c.sort,
    limit: ADVISOR_LIMITS.retrievalMax,
  };
}

/** The names of the found offers (or their institutions) that the question names, whole or by a phrase. */
function namedIn(question: string, phrases: string[], offers: ListedOfferFacts[]): string[] {
  const text = nameText(question);
  const found = new Set<string>();
  for (const o of offers) {
    for (const name of [o.name, o.institutionName]) {
      const whole = nameText(name);
      const byPhrase = phrases.some((p) => p.trim().length >= 3 && name.toLowerCase().includes(p.trim().toLowerCase()));
      if ((whole.trim().length >= 3 && text.includes(whole)) || byPhrase) found.add(name);
    }
  }
  return [...found];
}

function toAdvisorOffer(o: ListedOfferFacts, documentNames: Map<string, string>, now: Date): AdvisorOffer {
  return {
    id: o.id,
    slug: o.slug,
    name: o.name,
    path: marketplaceOfferPath(o.slug),
    institutionName: o.institutionName,
    assetClass: o.assetClass,
    type: o.type,
    listingStatus: deriveListingStatus(o.openDate, o.closeDate, now),
    openDate: o.openDate?.toISOString() ?? null,
    closeDate: o.closeDate?.toISOString() ?? null,
    minimumInvestment: o.minimumInvestment,
    targetIrr: o.targetIrr,
    equityMultiple: o.equityMultiple,
    holdingPeriod: o.holdingPeriod,
    descriptionShort: o.descriptionShort,
    classes: o.classes.map((c) => ({
      name: c.name,
      minimumInvestment: c.minimumInvestment,
      internalRateOfReturn: c.internalRateOfReturn,
      equityMultiple: c.equityMultiple,
      holdingPeriod: c.holdingPeriod,
      preferredReturn: c.preferredReturn,
      cashOnCash: c.cashOnCash,
      distributionFrequency: c.distributionFrequency,
    })),
    documents: o.documentIds.slice(0, DOCUMENTS_PER_OFFER).flatMap((id) => {
      const name = documentNames.get(id);
      return name === undefined ? [] : [{ id, name, excerpt: null }];
    }),
  };
}
