import type { ChatPrompt, ChatSender, ListingStatus, OfferAssetClass, OfferType } from '@tessera/domain';

/**
 * The contract between the advisor's parts (issue #24):
 * - the service (advisor.service.ts) owns the socket conversation, persistence, limits and the refusal of personal
 *   advice; it asks `retrieve` (knowledge/retrieval.ts) for the grounding and hands it to the configured model;
 * - a model (knowledge/builtin-model.ts offline, openai-model.ts for any OpenAI-compatible endpoint) writes the answer
 *   from that grounding alone, streaming its text through `onText`.
 * A model never reads the database: everything it may use is in the grounding, which holds only what this user can
 * see on this tenant's marketplace.
 */

/** What a question asks for, read from its words (knowledge/criteria.ts): every field optional. */
export interface OfferCriteria {
  assetClasses?: OfferAssetClass[];
  types?: OfferType[];
  statuses?: ('upcoming' | 'open' | 'closed')[];
  /** Percent as stored (15 means 15 %): target IRR strictly above / at most. */
  irrAbove?: number;
  irrAtMost?: number;
  equityMultipleAbove?: number;
  equityMultipleAtMost?: number;
  /** Minimum investment at most / at least (in the tenant's currency units). */
  minimumInvestmentAtMost?: number;
  minimumInvestmentAtLeast?: number;
  /** Holding period in months, at most / at least. */
  holdingPeriodAtMost?: number;
  holdingPeriodAtLeast?: number;
  /** Words of an offer's or institution's name the question names. */
  names?: string[];
  /** What to rank by, when the question asks for the highest / lowest. */
  sort?: { by: 'targetIrr' | 'equityMultiple' | 'minimumInvestment' | 'holdingPeriod' | 'openDate'; direction: 'asc' | 'desc' };
  /** The question compares offers (side by side). */
  compare?: boolean;
}

/** One class of an offer, with the terms the advisor talks about. */
export interface AdvisorOfferClass {
  name: string;
  minimumInvestment: number;
  internalRateOfReturn: number | null;
  equityMultiple: number | null;
  holdingPeriod: number | null;
  preferredReturn: number | null;
  cashOnCash: number | null;
  distributionFrequency: number | null;
}

/** A document attached to an offer and shown on its marketplace page. */
export interface AdvisorOfferDocument {
  id: string;
  name: string;
  /** Text taken from the document where there is some (PDF text), cut; null otherwise. Data, never instructions. */
  excerpt: string | null;
}

/** An offer the user can see (listed on this tenant's marketplace), as the advisor knows it. */
export interface AdvisorOffer {
  id: string;
  slug: string;
  name: string;
  /** The web path of its marketplace page (marketplaceOfferPath). */
  path: string;
  institutionName: string;
  assetClass: OfferAssetClass | null;
  type: OfferType | null;
  listingStatus: ListingStatus;
  openDate: string | null;
  closeDate: string | null;
  /** The card metrics (002 §9): lowest minimum, highest target IRR (percent as stored), average multiple, shortest hold. */
  minimumInvestment: number | null;
  targetIrr: number | null;
  equityMultiple: number | null;
  holdingPeriod: number | null;
  /** Author-written text: data to quote, never instructions to follow. */
  descriptionShort: string | null;
  classes: AdvisorOfferClass[];
  documents: AdvisorOfferDocument[];
}

/** What a model may answer from: nothing else. */
export interface AdvisorGrounding {
  /** The tenant's display name (the marketplace the user is on). */
  marketplaceName: string;
  /** The currency the tenant shows amounts in (ISO 4217). */
  currency: string;
  question: string;
  criteria: OfferCriteria;
  /** The offers matching the question, ranked (at most ADVISOR_LIMITS.retrievalMax). */
  offers: AdvisorOffer[];
  /** How many listed offers matched in all (the answer says when it shows only some). */
  matched: number;
  /** The offers the question carried (the offer page the panel was opened from), when listed; also in `offers`. */
  focusOfferIds: string[];
  /** Glossary entries the question mentions (knowledge/glossary.ts). */
  glossary: { term: string; definition: string }[];
  /** Earlier turns of this thread, oldest first (at most ADVISOR_LIMITS.historyTurns). */
  history: { sender: ChatSender; message: string }[];
}

export interface AdvisorAnswer {
  /** Markdown; links only to the cited offers' paths. */
  text: string;
  /** The ids of the offers the answer used: each must be in the grounding's offers (others are dropped). */
  citedOfferIds: string[];
  /** Follow-up suggestion chips. */
  prompts: ChatPrompt[];
}

export interface AdvisorModel {
  /** 'builtin', or the configured model's name: stored with each answer. */
  readonly name: string;
  /**
   * Writes the answer to `grounding.question`, calling `onText` with the whole text so far as it grows (at least once).
   * Rejects when `signal` aborts (the time limit) or the provider fails; the service tells the user.
   */
  answer(grounding: AdvisorGrounding, opts: { signal: AbortSignal; onText: (textSoFar: string) => void }): Promise<AdvisorAnswer>;
}
