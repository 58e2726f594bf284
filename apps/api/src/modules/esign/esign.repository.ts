import { userDisplayName } from '@tessera/domain';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  documents,
  esignEnvelopes,
  esignEvents,
  individualProfiles,
  institutions,
  legalEntityProfiles,
  offers,
  users,
  type EsignEnvelopeRow,
  type EsignEventRow,
  type NewEsignEnvelopeRow,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

/** The newest signing of a workflow (a voided one included: the caller decides what it means). */
export async function findNewestEnvelope(db: DbOrTx, tenantId: string, workflowId: string): Promise<EsignEnvelopeRow | undefined> {
  const [row] = await db
    .select()
    .from(esignEnvelopes)
    .where(and(eq(esignEnvelopes.tenantId, tenantId), eq(esignEnvelopes.workflowId, workflowId)))
    .orderBy(desc(esignEnvelopes.createdAt), desc(esignEnvelopes.id))
    .limit(1);
  return row;
}

/** The unsigned signings of a workflow still open (status created): a new preparation voids them. */
export function listOpenEnvelopes(db: DbOrTx, tenantId: string, workflowId: string): Promise<EsignEnvelopeRow[]> {
  return db
    .select()
    .from(esignEnvelopes)
    .where(and(eq(esignEnvelopes.tenantId, tenantId), eq(esignEnvelopes.workflowId, workflowId), eq(esignEnvelopes.status, 'created')));
}

export async function insertEnvelope(db: DbOrTx, values: NewEsignEnvelopeRow): Promise<EsignEnvelopeRow> {
  const [row] = await db.insert(esignEnvelopes).values(values).returning();
  return row!;
}

/**
 * Changes an envelope only while it is still in `fromStatus`: two signings racing each other, one wins and the other
 * gets undefined (a 409 for its caller).
 */
export async function updateEnvelopeFrom(
  db: DbOrTx,
  tenantId: string,
  id: string,
  fromStatus: EsignEnvelopeRow['status'],
  values: Partial<Omit<EsignEnvelopeRow, 'tenantId' | 'id'>>,
): Promise<EsignEnvelopeRow | undefined> {
  const [row] = await db
    .update(esignEnvelopes)
    .set(values)
    .where(and(eq(esignEnvelopes.tenantId, tenantId), eq(esignEnvelopes.id, id), eq(esignEnvelopes.status, fromStatus)))
    .returning();
  return row;
}

export async function insertEvents(db: DbOrTx, events: Omit<typeof esignEvents.$inferInsert, 'id'>[]): Promise<void> {
  if (events.length) await db.insert(esignEvents).values(events.map((e) => ({ ...e, id: newId() })));
}

export type EventWithActor = EsignEventRow & { actorName: string | null };

/** An envelope's events, oldest first, each with its actor's display name. */
export async function listEvents(db: DbOrTx, tenantId: string, envelopeId: string): Promise<EventWithActor[]> {
  const rows = await db
    .select({
      event: esignEvents,
      actor: { email: users.email, firstname: users.firstname, lastname: users.lastname, displayname: users.displayname },
    })
    .from(esignEvents)
    .leftJoin(users, eq(users.id, esignEvents.actorId))
    .where(and(eq(esignEvents.tenantId, tenantId), eq(esignEvents.envelopeId, envelopeId)))
    .orderBy(asc(esignEvents.at), asc(esignEvents.id));
  return rows.map((r) => ({ ...r.event, actorName: r.actor ? userDisplayName(r.actor) || r.actor.email : null }));
}

export async function findEnvelopeBySignedSha256(db: DbOrTx, tenantId: string, sha256: string): Promise<EsignEnvelopeRow | undefined> {
  const [row] = await db
    .select()
    .from(esignEnvelopes)
    .where(and(eq(esignEnvelopes.tenantId, tenantId), eq(esignEnvelopes.signedSha256, sha256)))
    .limit(1);
  return row;
}

export async function findEnvelopeByExternalId(db: DbOrTx, tenantId: string, externalId: string): Promise<EsignEnvelopeRow | undefined> {
  const [row] = await db
    .select()
    .from(esignEnvelopes)
    .where(and(eq(esignEnvelopes.tenantId, tenantId), eq(esignEnvelopes.externalId, externalId)))
    .limit(1);
  return row;
}

/** The signing a document came out of (its signed agreement or its certificate), if any. */
export async function findEnvelopeOfDocument(db: DbOrTx, tenantId: string, documentId: string): Promise<EsignEnvelopeRow | undefined> {
  const [row] = await db
    .select()
    .from(esignEnvelopes)
    .where(
      and(
        eq(esignEnvelopes.tenantId, tenantId),
        or(eq(esignEnvelopes.signedDocumentId, documentId), eq(esignEnvelopes.certificateDocumentId, documentId)),
      ),
    )
    .limit(1);
  return row;
}

/** What the agreement names of the offer: its name, classes, documents and template, and its institution's name. */
export async function findOfferParties(db: DbOrTx, tenantId: string, offerId: string) {
  const [row] = await db
    .select({
      name: offers.name,
      classes: offers.classes,
      documents: offers.documents,
      esignTemplateId: offers.esignTemplateId,
      institutionName: institutions.name,
    })
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, offerId)))
    .limit(1);
  return row;
}

/** A document of the tenant by id: the offer's subscription agreement the filled copy starts from. */
export async function findDocumentFile(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: documents.id, mimeType: documents.mimeType, storageKey: documents.storageKey, type: documents.type })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .limit(1);
  return row;
}

/** The names of the investing profiles of the owner: individual profiles in the order chosen, or the legal entity. */
export async function findInvestorNames(
  db: DbOrTx,
  tenantId: string,
  ownerId: string,
  individualIds: string[],
  legalEntityId: string | null,
): Promise<{ individuals: string[]; entity: string | null }> {
  const [people, entity] = await Promise.all([
    individualIds.length
      ? db
          .select({ id: individualProfiles.id, firstname: individualProfiles.firstname, lastname: individualProfiles.lastname })
          .from(individualProfiles)
          .where(
            and(
              eq(individualProfiles.tenantId, tenantId),
              eq(individualProfiles.userId, ownerId),
              inArray(individualProfiles.id, individualIds),
            ),
          )
      : [],
    legalEntityId
      ? db
          .select({ name: legalEntityProfiles.name })
          .from(legalEntityProfiles)
          .where(
            and(
              eq(legalEntityProfiles.tenantId, tenantId),
              eq(legalEntityProfiles.ownerId, ownerId),
              eq(legalEntityProfiles.id, legalEntityId),
            ),
          )
      : [],
  ]);
  const byId = new Map(people.map((p) => [p.id, `${p.firstname} ${p.lastname}`.trim()]));
  return { individuals: individualIds.map((id) => byId.get(id)).filter((n): n is string => !!n), entity: entity[0]?.name ?? null };
}
