import { marketplaceOfferPath, newObjectId } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.ts';
import type { AdvisorOptions } from './advisor.routes.ts';
import { insertMessage, insertThread } from './advisor.repository.ts';
import type { AdvisorGrounding, AdvisorModel, AdvisorOffer } from './model.ts';

/** An offer the fake retrieval finds for every question (tests cite it; ids outside the grounding are dropped). */
export function fakeOffer(name: string): AdvisorOffer {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id: newObjectId(),
    slug,
    name,
    path: marketplaceOfferPath(slug),
    institutionName: 'Fake Fund',
    assetClass: null,
    type: null,
    listingStatus: 'open',
    openDate: null,
    closeDate: null,
    minimumInvestment: 25_000,
    targetIrr: 16.5,
    equityMultiple: 1.8,
    holdingPeriod: 60,
    descriptionShort: null,
    classes: [],
    documents: [],
  };
}

/**
 * A model the test steers by the question's words: 'fail' rejects after some text, 'hang' never answers (nor heeds
 * its signal), 'slow' answers after 150 ms, 'chatty' streams 200 pieces at once; anything else streams two pieces and
 * cites the fake offer (plus an id outside the grounding, which must be dropped). Every grounding it gets is kept.
 */
export function fakeAdvisor() {
  const offer = fakeOffer('Harbor Point Apartments');
  const groundings: AdvisorGrounding[] = [];
  const retrievals: { tenantId: string; question: string; offerIds: string[] }[] = [];
  const model: AdvisorModel = {
    name: 'fake-model',
    async answer(grounding, { onText }) {
      groundings.push(grounding);
      const q = grounding.question;
      if (q.includes('fail')) {
        onText('Half an ans');
        throw new Error('the fake provider failed');
      }
      if (q.includes('hang')) {
        onText('Still thinking');
        return new Promise(() => {});
      }
      if (q.includes('slow')) await new Promise((r) => setTimeout(r, 150));
      if (q.includes('chatty')) {
        let text = '';
        for (let i = 0; i < 200; i += 1) {
          text += `${i} `;
          onText(text);
        }
        return { text, citedOfferIds: [], prompts: [] };
      }
      const answer = `Answer to: ${q}. See [${offer.name}](${offer.path}).`;
      onText('Answer to:');
      await new Promise((r) => setTimeout(r, 5));
      onText(answer);
      return {
        text: answer,
        citedOfferIds: [offer.id, newObjectId(), offer.id],
        prompts: [{ id: 'compare', label: 'Compare them', value: 'Compare these offers' }],
      };
    },
  };
  const options: AdvisorOptions = {
    model,
    retrieve: async (_deps, tenantId, input) => {
      retrievals.push({ tenantId, ...input });
      return { criteria: {}, offers: [offer], matched: 1, focusOfferIds: [], glossary: [] };
    },
    isPersonalAdviceRequest: (question) => /should i invest/i.test(question),
  };
  return { offer, groundings, retrievals, model, options };
}

/** A thread of the user with one question and its answer, written straight to the database (isolation suites). */
export async function insertAdvisorThread(app: FastifyInstance, tenantId: string, userId: string): Promise<{ threadId: string }> {
  const owner = { tenantId, userId };
  const now = new Date();
  const thread = await insertThread(app.db, owner, { id: newId(), title: 'Which offers are open?', now });
  await insertMessage(app.db, owner, { id: newId(), threadId: thread.id, sender: 'user', message: 'Which offers are open?', now });
  await insertMessage(app.db, owner, {
    id: newId(),
    threadId: thread.id,
    sender: 'advisor',
    message: 'None.',
    model: 'fake-model',
    now: new Date(now.getTime() + 1),
  });
  return { threadId: thread.id };
}
