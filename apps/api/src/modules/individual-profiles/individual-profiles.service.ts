import type { Readable } from 'node:stream';
import {
  DEFAULT_BIRTH_PLACE,
  DEFAULT_CITIZENSHIP,
  DEFAULT_GENDER,
  diffChanges,
  EMPTY_CONTACT,
  individualProfileName,
  SENSITIVE_PROFILE_FIELDS,
  type Contact,
  type createIndividualProfileBody,
  type IdentityVerificationStatus,
  type IndividualProfile,
  type IndividualProfileQuery,
  type List,
  type SensitiveProfileField,
  type updateIndividualProfileBody,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { IndividualProfileRow, StoredImage } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { maskSecret, type FieldCipher } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { REDACTED } from '../../lib/pii.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findOwnedAccountIds } from '../financial-accounts/index.ts';
import { detachGovPhotoIds } from '../gov-photo-ids/index.ts';
import { findMember } from '../tenants/index.ts';
import { recordEvent, type RecordEventInput } from '../timeline/index.ts';
import {
  countStakeholderLinks,
  deleteProfile,
  findOwnedGovPhotoIds,
  findProfile,
  insertProfile,
  listProfiles,
  lockProfileInTenant,
  transferProfile,
  updateProfile,
} from './individual-profiles.repository.ts';

export interface ProfileDeps {
  db: Db;
  cipher: FieldCipher;
  storage: FileStorage;
}

const ENCRYPTED_COLUMN = { ssn: 'ssnEncrypted', tin: 'tinEncrypted', ein: 'einEncrypted' } as const satisfies Record<
  SensitiveProfileField,
  keyof IndividualProfileRow
>;

/** The API shape: ssn, tin and ein masked unless `reveal` (only ever set for the owner's explicit request). */
export function toIndividualProfile(row: IndividualProfileRow, cipher: FieldCipher, reveal = false): IndividualProfile {
  const secret = (field: SensitiveProfileField) => {
    const plain = cipher.decryptNullable(row[ENCRYPTED_COLUMN[field]]);
    return reveal ? plain : maskSecret(plain);
  };
  return {
    _id: row.id,
    user: row.userId,
    firstname: row.firstname,
    lastname: row.lastname,
    middlename: row.middlename,
    birthDate: row.birthDate,
    birthPlace: row.birthPlace,
    gender: row.gender,
    citizenship: row.citizenship,
    occupation: row.occupation,
    crd: row.crd,
    ssn: secret('ssn'),
    tin: secret('tin'),
    ein: secret('ein'),
    image: row.image?.id ?? null,
    contact: row.contact,
    govPhotoIds: row.govPhotoIds,
    financialAccounts: row.financialAccountIds,
    verificationStatus: row.verificationStatus,
    revealed: reveal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Only the owner sees a profile; another user's or another tenant's id is simply not found. */
async function requireOwnProfile(db: DbOrTx, auth: AuthContext, id: string): Promise<IndividualProfileRow> {
  const row = await findProfile(db, auth.tenantId, auth.user.id, id);
  if (!row) throw notFound('Individual profile');
  return row;
}

/** The owner, or a platform admin of the tenant; anyone else's profile is not found. Locked until the transaction ends. */
async function requireOwnOrAdmin(tx: DbOrTx, auth: AuthContext, id: string): Promise<IndividualProfileRow> {
  const row = await lockProfileInTenant(tx, auth.tenantId, id);
  if (!row || (row.userId !== auth.user.id && !auth.isPlatformAdmin)) throw notFound('Individual profile');
  return row;
}

function event(auth: AuthContext, row: IndividualProfileRow, input: Pick<RecordEventInput, 'type' | 'message' | 'meta'>): RecordEventInput {
  return { tenantId: auth.tenantId, entity: row.id, entityType: 'individual-profile', userId: auth.user.id, ...input };
}

/** Stores `values` and records `change` under the message (of the stored row); with nothing changed, the row as it is. */
async function saveChange(
  tx: DbOrTx,
  auth: AuthContext,
  current: IndividualProfileRow,
  change: ReturnType<typeof diffChanges>,
  values: Parameters<typeof updateProfile>[3],
  type: 'update' | 'status',
  message: (updated: IndividualProfileRow) => string,
): Promise<IndividualProfileRow> {
  if (Object.keys(change).length === 0) return current;
  const updated = await updateProfile(tx, auth.tenantId, current.id, values);
  await recordEvent(tx, event(auth, updated, { type, message: message(updated), meta: { change } }));
  return updated;
}

export async function listIndividualProfiles(
  deps: ProfileDeps,
  auth: AuthContext,
  q: IndividualProfileQuery,
): Promise<List<IndividualProfile>> {
  // The user filter may only name the caller: another user's profiles are not theirs to list.
  if (q.user && q.user !== auth.user.id) throw notFound('User');
  const { rows, total } = await listProfiles(deps.db, auth.tenantId, auth.user.id, { limit: q.limit, offset: offsetOf(q) });
  return { data: rows.map((row) => toIndividualProfile(row, deps.cipher)), meta: pageMeta(q, total) };
}

export async function createIndividualProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  body: z.output<typeof createIndividualProfileBody>,
): Promise<IndividualProfile> {
  if (body.user && body.user !== auth.user.id) throw notFound('User');
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertProfile(tx, auth.tenantId, auth.user.id, newId(), {
      firstname: body.firstname,
      lastname: body.lastname,
      middlename: '',
      birthPlace: DEFAULT_BIRTH_PLACE,
      citizenship: DEFAULT_CITIZENSHIP,
      gender: DEFAULT_GENDER,
      contact: EMPTY_CONTACT,
    });
    await recordEvent(
      tx,
      event(auth, created, {
        type: 'create',
        message: `Individual profile ${individualProfileName(created)} created`,
        meta: { change: { firstname: { old: null, new: created.firstname }, lastname: { old: null, new: created.lastname } } },
      }),
    );
    return created;
  });
  return toIndividualProfile(row, deps.cipher);
}

/** `reveal` shows ssn, tin and ein in clear to the owner, and leaves an 'access' event saying so. */
export async function getIndividualProfile(deps: ProfileDeps, auth: AuthContext, id: string, reveal: boolean): Promise<IndividualProfile> {
  const row = await requireOwnProfile(deps.db, auth, id);
  if (reveal) {
    await recordEvent(
      deps.db,
      event(auth, row, { type: 'access', message: 'Sensitive profile fields revealed', meta: { fields: [...SENSITIVE_PROFILE_FIELDS] } }),
    );
  }
  return toIndividualProfile(row, deps.cipher, reveal);
}

export async function updateIndividualProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof updateIndividualProfileBody>,
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProfile(tx, auth, id);
    const { ssn: _ssn, tin: _tin, ein: _ein, ...plain } = body;
    const change = diffChanges(current, plain);
    const values: Partial<IndividualProfileRow> = Object.fromEntries(Object.keys(change).map((key) => [key, change[key]!.new]));
    for (const field of SENSITIVE_PROFILE_FIELDS) {
      const next = body[field];
      if (next === undefined) continue;
      if (next === deps.cipher.decryptNullable(current[ENCRYPTED_COLUMN[field]])) continue;
      // Never the value, old or new: the timeline only says that it changed.
      change[field] = { old: current[ENCRYPTED_COLUMN[field]] ? REDACTED : null, new: next === null ? null : REDACTED };
      values[ENCRYPTED_COLUMN[field]] = deps.cipher.encryptNullable(next);
    }
    return saveChange(
      tx,
      auth,
      current,
      change,
      values,
      'update',
      (updated) => `Individual profile ${individualProfileName(updated)} updated`,
    );
  });
  return toIndividualProfile(row, deps.cipher);
}

export async function deleteIndividualProfile(deps: ProfileDeps, auth: AuthContext, id: string): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProfile(tx, auth, id);
    await deleteProfile(tx, auth.tenantId, id);
    await recordEvent(
      tx,
      event(auth, current, {
        type: 'delete',
        message: `Individual profile ${individualProfileName(current)} deleted`,
        meta: { delete: { firstname: current.firstname, lastname: current.lastname, middlename: current.middlename } },
      }),
    );
    return current;
  });
  if (row.image) await deps.storage.delete(row.image.key);
  return toIndividualProfile(row, deps.cipher);
}

export async function updateIndividualProfileContact(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  contact: Contact,
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProfile(tx, auth, id);
    const change = diffChanges({ contact: current.contact }, { contact });
    return saveChange(tx, auth, current, change, { contact }, 'update', () => 'Contact updated');
  });
  return toIndividualProfile(row, deps.cipher);
}

export async function updateIndividualProfileImage(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  file: { data: Buffer; fileName: string },
): Promise<IndividualProfile> {
  await requireOwnProfile(deps.db, auth, id);
  const checked = await checkUpload(file.data, file.fileName, { allowed: IMAGE_MIME_TYPES });
  const imageId = newId();
  const image: StoredImage = {
    id: imageId,
    key: `individual-profiles/${auth.tenantId}/${id}/${imageId}`,
    mimeType: checked.mimeType,
    size: checked.size,
  };
  await deps.storage.put(image.key, file.data, image.mimeType);
  const saved = await deps.db
    .transaction(async (tx) => {
      const current = await requireOwnProfile(tx, auth, id);
      const row = await updateProfile(tx, auth.tenantId, id, { image });
      await recordEvent(
        tx,
        event(auth, row, {
          type: 'upload',
          message: 'Profile image updated',
          meta: { change: { image: { old: current.image?.id ?? null, new: imageId } } },
        }),
      );
      return { updated: row, previous: current.image };
    })
    .catch(async (error: unknown) => {
      await deps.storage.delete(image.key);
      throw error;
    });
  if (saved.previous) await deps.storage.delete(saved.previous.key);
  return toIndividualProfile(saved.updated, deps.cipher);
}

export async function readIndividualProfileImage(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  imageId: string,
): Promise<{ stream: Readable; size: number; mimeType: string }> {
  const row = await requireOwnProfile(deps.db, auth, id);
  if (!row.image || row.image.id !== imageId) throw notFound('Image');
  const file = await deps.storage.get(row.image.key);
  if (!file) throw notFound('Image');
  return { ...file, mimeType: row.image.mimeType };
}

function refuseUnknown(ids: readonly string[], owned: Set<string>, what: string): void {
  const unknown = ids.filter((id) => !owned.has(id));
  if (unknown.length > 0) throw new AppError('bad-request', `${what}: ${unknown.join(', ')} not found`);
}

export async function setIndividualProfileGovPhotoIds(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  ids: string[],
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProfile(tx, auth, id);
    refuseUnknown(ids, await findOwnedGovPhotoIds(tx, auth.tenantId, auth.user.id, ids), 'govPhotoIds');
    // The same ids in any order change nothing, so repeating the call (as the web does after submitting an ID) is harmless.
    if (ids.length === current.govPhotoIds.length && ids.every((g) => current.govPhotoIds.includes(g))) return current;
    const change = diffChanges({ govPhotoIds: current.govPhotoIds }, { govPhotoIds: ids });
    // Past that check the ids differ, so the change is never empty.
    return saveChange(tx, auth, current, change, { govPhotoIds: ids }, 'update', () => 'Government photo IDs updated');
  });
  return toIndividualProfile(row, deps.cipher);
}

export async function setIndividualProfileFinancialAccounts(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  ids: string[],
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnProfile(tx, auth, id);
    refuseUnknown(ids, await findOwnedAccountIds(tx, auth.tenantId, auth.user.id, ids), 'financialAccounts');
    const change = diffChanges({ financialAccounts: current.financialAccountIds }, { financialAccounts: ids });
    return saveChange(tx, auth, current, change, { financialAccountIds: ids }, 'update', () => 'Financial accounts updated');
  });
  return toIndividualProfile(row, deps.cipher);
}

/** Platform admins only (checked by the route): the provider's verdict on the profile. */
export async function setIndividualProfileVerification(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  status: IdentityVerificationStatus,
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnOrAdmin(tx, auth, id);
    const change = diffChanges({ verificationStatus: current.verificationStatus }, { verificationStatus: status });
    return saveChange(
      tx,
      auth,
      current,
      change,
      { verificationStatus: status },
      'status',
      (updated) => `Individual profile ${individualProfileName(updated)} verification set to ${status}`,
    );
  });
  return toIndividualProfile(row, deps.cipher);
}

/**
 * Hands the profile to another active member of the tenant; its owner or a platform admin may. The old owner's
 * government photo IDs and financial accounts stay theirs, so those links are cut; a profile that is a stakeholder
 * of legal entities (which belong to the old owner) must leave them first (409).
 */
export async function transferIndividualProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  id: string,
  userId: string,
  field: 'user' | 'createdBy',
): Promise<IndividualProfile> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnOrAdmin(tx, auth, id);
    if (current.userId === userId) return current;
    const member = await findMember(tx, auth.tenantId, userId);
    if (!member || member.membershipStatus !== 'active') {
      throw new AppError('validation', `body.${field}: The new owner must be an active member of this organization`);
    }
    if ((await countStakeholderLinks(tx, auth.tenantId, id)) > 0) {
      throw new AppError('conflict', 'Remove this profile from the stakeholders of its legal entities before transferring it');
    }
    await detachGovPhotoIds(tx, auth.tenantId, id);
    const updated = await transferProfile(tx, auth.tenantId, id, userId);
    const change = diffChanges(
      { user: current.userId, govPhotoIds: current.govPhotoIds, financialAccounts: current.financialAccountIds },
      { user: userId, govPhotoIds: [], financialAccounts: [] },
    );
    await recordEvent(
      tx,
      event(auth, updated, {
        type: 'update',
        message: `Individual profile ${individualProfileName(updated)} transferred`,
        meta: { change },
      }),
    );
    return updated;
  });
  return toIndividualProfile(row, deps.cipher);
}
