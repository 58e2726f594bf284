// placeholder: replaced by the adv-knowledge branch
import { ADVISOR_TEXTS } from '@tessera/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AdvisorGrounding, AdvisorModel, OfferCriteria } from '../model.ts';

export function isPersonalAdviceRequest(question: string): boolean {
  return /\bshould i invest\b/i.test(question);
}

export function parseCriteria(_question: string): OfferCriteria {
  return {};
}

export function glossaryFor(_question: string): { term: string; definition: string }[] {
  return [];
}

export interface RetrievalDeps {
  db: Db;
  clock: Clock;
}

export function retrieve(
  _deps: RetrievalDeps,
  _tenantId: string,
  _input: { question: string; offerIds: string[] },
): Promise<Pick<AdvisorGrounding, 'criteria' | 'offers' | 'matched' | 'focusOfferIds' | 'glossary'>> {
  return Promise.resolve({ criteria: {}, offers: [], matched: 0, focusOfferIds: [], glossary: [] });
}

export function createBuiltinModel(): AdvisorModel {
  return {
    name: 'builtin',
    answer(_grounding, { onText }) {
      onText(ADVISOR_TEXTS.unknown);
      return Promise.resolve({ text: ADVISOR_TEXTS.unknown, citedOfferIds: [], prompts: [] });
    },
  };
}
