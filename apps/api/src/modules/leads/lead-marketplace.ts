import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { recordEvent } from '../timeline/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { leadCreatedEvent } from './lead-webhooks.ts';
import { personOf, upsertLead } from './leads.repository.ts';
import { leadRefs } from './leads.service.ts';

/**
 * Leads nobody typed in (issue #22): a signed-in visitor who clicks an offer's call to action, or who starts their own
 * investment workflow in an offer, becomes a lead of the offer's institution (origin marketplace), named from their
 * account and membership and linked to that membership. A lead the institution already has for the e-mail is only
 * touched (`updated_at`, the membership linked if it had none). Either way the lead's history says what the person did.
 */
export type MarketplaceAct = { kind: 'cta' } | { kind: 'workflow'; name: string };

export interface MarketplaceLeadInput {
  tenantId: string;
  userId: string;
  offerId: string;
  act: MarketplaceAct;
}

/** What the person did, as the lead's history says it. */
function actText(act: MarketplaceAct, offerName: string): string {
  return act.kind === 'cta' ? `Clicked the call to action of ${offerName}` : `Started the workflow ${act.name}`;
}

/** Creates or touches the lead; nothing when the offer or the person is unknown. Call it in the caller's transaction. */
export async function recordMarketplaceLead(db: DbOrTx, input: MarketplaceLeadInput): Promise<{ id: string; inserted: boolean } | null> {
  const [offer] = await db
    .select({ institutionId: offers.institutionId, name: offers.name })
    .from(offers)
    .where(and(eq(offers.tenantId, input.tenantId), eq(offers.id, input.offerId)))
    .limit(1);
  const person = offer ? await personOf(db, input.tenantId, input.userId) : undefined;
  if (!offer || !person) return null;
  const email = person.email.toLowerCase();
  const firstname = person.firstname ?? email.split('@')[0]!;
  const lastname = person.lastname ?? '';
  const lead = await upsertLead(db, {
    tenantId: input.tenantId,
    id: newId(),
    institutionId: offer.institutionId,
    email,
    firstname,
    lastname,
    middlename: person.middlename,
    origin: 'marketplace',
    tenantMemberId: person.memberId,
    createdBy: input.userId,
  });
  const did = actText(input.act, offer.name);
  // Recorded without the person as actor: the event is the institution's CRM history, and an actor's events also show
  // in their own history (timeline 'user' scope), which would tell the person they are tracked as a lead.
  await recordEvent(db, {
    tenantId: input.tenantId,
    userId: null,
    type: lead.inserted ? 'create' : 'other',
    entity: lead.id,
    entityType: 'tenant-lead',
    message: lead.inserted ? `${`${firstname} ${lastname}`.trim()} became a lead from the marketplace: ${did}` : did,
    meta: {
      via: 'Marketplace',
      person: input.userId,
      act: input.act.kind,
      offer: input.offerId,
      ...(lead.inserted && {
        change: {
          email: { old: null, new: email },
          firstname: { old: null, new: firstname },
          lastname: { old: null, new: lastname },
          origin: { old: null, new: 'marketplace' },
          tenantMember: { old: null, new: person.memberId },
        },
      }),
    },
    refs: [...leadRefs(offer), { entity: input.offerId, entityType: 'tenant-offer' }],
  });
  // Only a lead that is new is an event: touching a known one is not.
  if (lead.inserted)
    await emitWebhookEvent(
      db,
      leadCreatedEvent({
        tenantId: input.tenantId,
        id: lead.id,
        institutionId: offer.institutionId,
        firstname,
        lastname,
        email,
        origin: 'marketplace',
      }),
    );
  return lead;
}
