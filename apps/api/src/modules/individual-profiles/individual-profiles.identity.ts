import {
  DEFAULT_BIRTH_PLACE,
  DEFAULT_CITIZENSHIP,
  DEFAULT_GENDER,
  diffChanges,
  EMPTY_CONTACT,
  individualProfileName,
  type Contact,
} from '@tessera/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { individualProfiles, type IndividualProfileRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { recordEvent } from '../timeline/index.ts';
import { insertProfile, updateProfile } from './individual-profiles.repository.ts';

/** What a verified identity document says about a person, to fill their individual profile with. */
export interface VerifiedIdentity {
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD */
  birthDate?: string;
  /** A driving licence's address. */
  address?: { line1?: string; city?: string; state?: string; zip?: string };
}

/**
 * Fills the user's first individual profile with what a verified identity document says (issue #18: names and birth
 * date; a licence's address becomes the primary home address when the profile has none), or creates the profile when
 * the user has none. The verified values win over typed ones. Records the change; `actorUserId` is null when a
 * provider's webhook made it.
 */
export async function fillProfileFromIdentity(
  tx: DbOrTx,
  input: { tenantId: string; userId: string; actorUserId: string | null; identity: VerifiedIdentity },
): Promise<IndividualProfileRow | null> {
  const { tenantId, userId, identity } = input;
  const [current] = await tx
    .select()
    .from(individualProfiles)
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId)))
    .orderBy(asc(individualProfiles.createdAt), asc(individualProfiles.id))
    .limit(1)
    .for('update');
  const address = addressOf(identity);
  const event = (row: IndividualProfileRow, type: 'create' | 'update', change: ReturnType<typeof diffChanges>) =>
    recordEvent(tx, {
      tenantId,
      type,
      entity: row.id,
      entityType: 'individual-profile',
      userId: input.actorUserId,
      message: `Individual profile ${individualProfileName(row)} filled from a verified identity document`,
      meta: { change },
    });

  if (!current) {
    if (!identity.firstName || !identity.lastName) return null;
    const contact: Contact = { ...EMPTY_CONTACT, addresses: address ? [address] : [] };
    const values = { firstname: identity.firstName, lastname: identity.lastName, birthDate: identity.birthDate ?? null, contact };
    const created = await insertProfile(tx, tenantId, userId, newId(), {
      ...values,
      middlename: '',
      birthPlace: DEFAULT_BIRTH_PLACE,
      citizenship: DEFAULT_CITIZENSHIP,
      gender: DEFAULT_GENDER,
    });
    await event(
      created,
      'create',
      diffChanges({}, { firstname: values.firstname, lastname: values.lastname, birthDate: values.birthDate }),
    );
    return created;
  }

  const next: Partial<IndividualProfileRow> = {
    ...(identity.firstName && { firstname: identity.firstName }),
    ...(identity.lastName && { lastname: identity.lastName }),
    ...(identity.birthDate && { birthDate: identity.birthDate }),
    ...(address && current.contact.addresses.length === 0 && { contact: { ...current.contact, addresses: [address] } }),
  };
  const change = diffChanges(current, next);
  if (Object.keys(change).length === 0) return current;
  const updated = await updateProfile(tx, tenantId, current.id, next);
  await event(updated, 'update', change);
  return updated;
}

function addressOf(identity: VerifiedIdentity): Contact['addresses'][number] | null {
  const a = identity.address;
  if (!a?.line1 || !a.city || !a.state || !a.zip) return null;
  return {
    _id: newId(),
    isEnabled: true,
    isPrimary: true,
    enabledCommunications: [],
    address: { address1: a.line1, address2: null, city: a.city, state: a.state, zip: a.zip },
    addressType: 'home',
  };
}

/** The user's first individual profile's names and birth date, which a verifier compares a document with. */
export async function profileForIdentityCheck(
  db: DbOrTx,
  tenantId: string,
  userId: string,
): Promise<{ firstName: string; lastName: string; birthDate: string | null } | undefined> {
  const [row] = await db
    .select({ firstName: individualProfiles.firstname, lastName: individualProfiles.lastname, birthDate: individualProfiles.birthDate })
    .from(individualProfiles)
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId)))
    .orderBy(asc(individualProfiles.createdAt), asc(individualProfiles.id))
    .limit(1);
  return row;
}
