// placeholder: replaced by the adv-knowledge / adv-openai branch
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AdvisorGrounding, AdvisorModel, OfferCriteria } from '../model.ts';

export function isPersonalAdviceRequest(question: string): boolean {
  return /\bshould i (invest|buy)\b/i.test(question);
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

export async function retrieve(
  _deps: RetrievalDeps,
  _tenantId: string,
  _input: { question: string; offerIds: string[] },
): Promise<Pick<AdvisorGrounding, 'criteria' | 'offers' | 'matched' | 'focusOfferIds' | 'glossary'>> {
  return { criteria: {}, offers: [], matched: 0, focusOfferIds: [], glossary: [] };
}

export function createBuiltinModel(): AdvisorModel {
  return {
    name: 'builtin',
    async answer(_grounding, { onText }) {
      const text = 'I don’t know.';
      onText(text);
      return { text, citedOfferIds: [], prompts: [] };
    },
  };
}
