import {
  beneficialEquityTotal,
  diffChanges,
  EMPTY_CONTACT,
  EMPTY_GICS,
  EQUITY_MAX,
  EQUITY_TOTAL_ERROR,
  stateOfOrganizationError,
  type Contact,
  type IdentityVerificationStatus,
  type LegalEntityAssociation,
  type LegalEntityProfile,
  type LegalEntityProfileQuery,
  type LegalEntityProfileCreateInput as CreateInput,
  type LegalEntityProfileDetails as DetailsInput,
  type List,
  type PageQuery,
  type Stakeholder,
  type StakeholderInput,
  type TimelineEvent,
  type TimelineQuery,
  type TimelineMeta,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { LegalEntityProfileRow, StoredImage } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findOwnedAccountIds } from '../financial-accounts/index.ts';
import { findMember } from '../tenants/index.ts';
import { queryEvents, recordEvent, userEvent } from '../timeline/index.ts';
import * as repo from './legal-entity-profiles.repository.ts';

const ENTITY = 'legal-entity-profile' as const;
const invalid = (field: string, message: string) => new AppError('validation', `${field}: ${message}`);

/**
 * Owners read and change their own profiles; platform admins may read any profile of their tenant
 * (and set its verification status). Anything else is simply not found.
 */
async function loadProfile(
  db: DbOrTx,
  auth: AuthContext,
  id: string,
  mode: 'read' | 'write',
  lock = false,
): Promise<LegalEntityProfileRow> {
  const row = lock ? await repo.lockProfile(db, auth.tenantId, id) : await repo.findProfile(db, auth.tenantId, id);
  const allowed = row && (row.ownerId === auth.user.id || (mode === 'read' && auth.isPlatformAdmin));
  if (!row || !allowed) throw notFound('Legal entity profile');
  return row;
}

async function withStakeholders(db: DbOrTx, row: LegalEntityProfileRow): Promise<LegalEntityProfile> {
  return repo.toLegalEntityProfile(row, await repo.listStakeholders(db, row.tenantId, [row.id]));
}

/** A parent must be another profile of the same owner, and must not sit below this one (no cycles). */
async function checkParent(
  db: DbOrTx,
  tenantId: string,
  ownerId: string,
  selfId: string | null,
  parentId: string | null | undefined,
): Promise<void> {
  if (!parentId) return;
  if (parentId === selfId) throw invalid('parentLegalEntity', 'A legal entity cannot be its own parent');
  let cursor: string | null = parentId;
  for (let depth = 0; cursor && depth < 100; depth++) {
    const row = await repo.findProfile(db, tenantId, cursor);
    if (!row || row.ownerId !== ownerId) {
      throw invalid(
        'parentLegalEntity',
        depth === 0 ? 'Choose one of your own legal entities as the parent' : 'The parent chain is broken',
      );
    }
    if (selfId && row.parentLegalEntityId === selfId) throw invalid('parentLegalEntity', 'This would make the entity its own ancestor');
    cursor = row.parentLegalEntityId;
  }
}

export async function listProfiles(db: Db, auth: AuthContext, q: LegalEntityProfileQuery): Promise<List<LegalEntityProfile>> {
  // Members list their own profiles; another user's are not found. Admins may list a given owner's or the tenant's.
  if (q.owner && q.owner !== auth.user.id && !auth.isPlatformAdmin) throw notFound('User');
  const ownerId = auth.isPlatformAdmin ? q.owner : auth.user.id;
  const { rows, total } = await repo.listProfiles(
    db,
    auth.tenantId,
    { ownerId, search: q.search },
    { limit: q.limit, offset: offsetOf(q) },
  );
  const stakeholders = await repo.listStakeholders(
    db,
    auth.tenantId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => repo.toLegalEntityProfile(row, stakeholders)), meta: pageMeta(q, total) };
}

export async function getProfile(db: Db, auth: AuthContext, id: string): Promise<LegalEntityProfile> {
  return withStakeholders(db, await loadProfile(db, auth, id, 'read'));
}

export async function createProfile(db: Db, auth: AuthContext, input: CreateInput): Promise<LegalEntityProfile> {
  // Profiles are created for oneself; naming another owner is refused (platform admins included: use the owner call).
  if (input.owner && input.owner !== auth.user.id) throw forbidden('You can only create legal entity profiles for yourself');
  return db.transaction(async (tx) => {
    await checkParent(tx, auth.tenantId, auth.user.id, null, input.parentLegalEntity);
    const row = await repo.insertProfile(tx, auth.tenantId, newId(), {
      ownerId: auth.user.id,
      name: input.name,
      legalEntityType: input.legalEntityType,
      parentLegalEntityId: input.parentLegalEntity ?? null,
      gics: EMPTY_GICS,
      contact: EMPTY_CONTACT,
    });
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, row.id, {
        type: 'create',
        message: `Legal entity profile ${row.name} created`,
        meta: {
          change: diffChanges({}, { name: row.name, legalEntityType: row.legalEntityType, parentLegalEntity: row.parentLegalEntityId }),
        },
      }),
    );
    return repo.toLegalEntityProfile(row, []);
  });
}

/** The stored shape of the profile's editable fields, for diffs. */
function detailsOf(row: LegalEntityProfileRow) {
  return {
    parentLegalEntity: row.parentLegalEntityId,
    name: row.name,
    displayname: row.displayname,
    website: row.website,
    gics: row.gics,
    legalEntityType: row.legalEntityType,
    natureOfBusiness: row.natureOfBusiness,
    countryOfOrganization: row.countryOfOrganization,
    stateOfOrganization: row.stateOfOrganization,
  };
}

/** Stores `patch` and records `change` when there is one; with nothing changed, the profile is returned as it is. */
async function saveChange(
  tx: DbOrTx,
  auth: AuthContext,
  row: LegalEntityProfileRow,
  change: ReturnType<typeof diffChanges>,
  patch: Parameters<typeof repo.updateProfile>[3],
  event: { type: 'update' | 'status'; message: string },
): Promise<LegalEntityProfile> {
  if (Object.keys(change).length === 0) return withStakeholders(tx, row);
  const updated = await repo.updateProfile(tx, auth.tenantId, row.id, patch);
  await recordEvent(tx, userEvent(auth, ENTITY, row.id, { ...event, meta: { change } }));
  return withStakeholders(tx, updated);
}

/** Details, legal (organisation) and the plain PUT share this: absent fields stay as they are. */
export async function updateDetails(
  db: Db,
  auth: AuthContext,
  id: string,
  input: DetailsInput,
  label = 'details',
): Promise<LegalEntityProfile> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const before = detailsOf(row);
    const after = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as typeof before;
    const stateError = stateOfOrganizationError(after.countryOfOrganization, after.stateOfOrganization);
    if (stateError) throw invalid('stateOfOrganization', stateError);
    if (after.parentLegalEntity !== before.parentLegalEntity)
      await checkParent(tx, auth.tenantId, row.ownerId, row.id, after.parentLegalEntity);
    const change = diffChanges(before, after);
    return saveChange(
      tx,
      auth,
      row,
      change,
      {
        parentLegalEntityId: after.parentLegalEntity,
        name: after.name,
        displayname: after.displayname,
        website: after.website,
        gics: after.gics,
        legalEntityType: after.legalEntityType,
        natureOfBusiness: after.natureOfBusiness,
        countryOfOrganization: after.countryOfOrganization,
        stateOfOrganization: after.stateOfOrganization,
      },
      { type: 'update', message: `Legal entity profile ${after.name} ${label} updated` },
    );
  });
}

export async function updateContact(db: Db, auth: AuthContext, id: string, contact: Contact): Promise<LegalEntityProfile> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const change = diffChanges({ contact: row.contact }, { contact });
    return saveChange(tx, auth, row, change, { contact }, { type: 'update', message: `Legal entity profile ${row.name} contact updated` });
  });
}

export async function updateFinancialAccounts(db: Db, auth: AuthContext, id: string, ids: string[]): Promise<LegalEntityProfile> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const owned = await findOwnedAccountIds(tx, auth.tenantId, row.ownerId, unique);
    const unknown = unique.find((a) => !owned.has(a));
    if (unknown) throw invalid('financialAccounts', `Financial account ${unknown} is not one of your accounts`);
    const change = diffChanges({ financialAccounts: row.financialAccountIds }, { financialAccounts: unique });
    return saveChange(
      tx,
      auth,
      row,
      change,
      { financialAccountIds: unique },
      { type: 'update', message: `Legal entity profile ${row.name} financial accounts updated` },
    );
  });
}

/** Platform admins only (checked by the route): the provider's verdict on the entity. */
export async function updateVerification(
  db: Db,
  auth: AuthContext,
  id: string,
  status: IdentityVerificationStatus,
): Promise<LegalEntityProfile> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'read', true);
    const change = diffChanges({ verificationStatus: row.verificationStatus }, { verificationStatus: status });
    return saveChange(
      tx,
      auth,
      row,
      change,
      { verificationStatus: status },
      { type: 'status', message: `Legal entity profile ${row.name} verification set to ${status}` },
    );
  });
}

/**
 * Owner transfer. An owner may only name themself (nothing changes); naming someone else is for platform admins,
 * who may hand the profile to an active member of this tenant. Links that would cross owners are cut: the parent
 * and children links are removed, and a profile with stakeholders (individual profiles of the old owner) is refused.
 */
export async function transferOwner(db: Db, auth: AuthContext, id: string, ownerId: string): Promise<LegalEntityProfile> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'read', true);
    if (row.ownerId === ownerId) return withStakeholders(tx, row);
    if (!auth.isPlatformAdmin) {
      if (row.ownerId !== auth.user.id) throw notFound('Legal entity profile');
      throw forbidden('Only platform admins can transfer a legal entity profile to another user');
    }
    const member = await findMember(tx, auth.tenantId, ownerId);
    if (!member || member.membershipStatus !== 'active')
      throw invalid('owner', 'The new owner must be an active member of this organization');
    const stakeholders = await repo.listStakeholders(tx, auth.tenantId, [id]);
    if (stakeholders.length > 0) throw new AppError('conflict', 'Remove the stakeholders before transferring this legal entity profile');
    await repo.detachChildren(tx, auth.tenantId, id);
    const updated = await repo.updateProfile(tx, auth.tenantId, id, { ownerId, parentLegalEntityId: null });
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'update',
        message: `Legal entity profile ${row.name} transferred`,
        meta: {
          change: diffChanges(
            { owner: row.ownerId, parentLegalEntity: row.parentLegalEntityId },
            { owner: ownerId, parentLegalEntity: null },
          ),
        },
      }),
    );
    return repo.toLegalEntityProfile(updated, []);
  });
}

export async function deleteProfile(db: Db, storage: FileStorage, auth: AuthContext, id: string): Promise<void> {
  const image = await db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const stakeholders = await repo.listStakeholders(tx, auth.tenantId, [id]);
    await repo.detachChildren(tx, auth.tenantId, id);
    await repo.deleteProfile(tx, auth.tenantId, id);
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'delete',
        message: `Legal entity profile ${row.name} deleted`,
        meta: { delete: { ...detailsOf(row), stakeholders: stakeholders.map(repo.toStakeholder) } },
      }),
    );
    return row.image;
  });
  if (image) await storage.delete(image.key).catch(() => {});
}

export async function updateImage(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  id: string,
  file: UploadedFile,
): Promise<LegalEntityProfile> {
  const row = await loadProfile(db, auth, id, 'write');
  const checked = await checkUpload(file.data, file.fileName, { allowed: IMAGE_MIME_TYPES });
  const imageId = newId();
  const image: StoredImage = {
    id: imageId,
    key: `legal-entity-profiles/${auth.tenantId}/${id}/${imageId}`,
    mimeType: checked.mimeType,
    size: checked.size,
  };
  await storage.put(image.key, file.data, image.mimeType);
  let previous: StoredImage | null = null;
  try {
    const updated = await db.transaction(async (tx) => {
      const current = await loadProfile(tx, auth, row.id, 'write', true);
      previous = current.image;
      const next = await repo.updateProfile(tx, auth.tenantId, id, { image });
      await recordEvent(
        tx,
        userEvent(auth, ENTITY, id, {
          type: 'upload',
          message: `Legal entity profile ${current.name} image updated`,
          meta: { change: { image: { old: current.image?.id ?? null, new: imageId } } },
        }),
      );
      return withStakeholders(tx, next);
    });
    const old = previous as StoredImage | null;
    if (old) await storage.delete(old.key).catch(() => {});
    return updated;
  } catch (error) {
    await storage.delete(image.key).catch(() => {});
    throw error;
  }
}

export async function readImage(db: Db, storage: FileStorage, auth: AuthContext, id: string, imageId: string) {
  const row = await loadProfile(db, auth, id, 'read');
  if (!row.image || row.image.id !== imageId) throw notFound('Image');
  const file = await storage.get(row.image.key);
  if (!file) throw notFound('Image');
  return { ...file, mimeType: row.image.mimeType };
}

export async function listEvents(db: Db, auth: AuthContext, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await loadProfile(db, auth, id, 'read');
  return queryEvents(db, auth.tenantId, { kind: 'entity', entityType: ENTITY, entity: id }, q);
}

/** What this profile is tied to: a page of its parent, then its children, then the individual profiles of its stakeholders. */
export async function listAssociations(db: Db, auth: AuthContext, id: string, q: PageQuery): Promise<List<LegalEntityAssociation>> {
  const all = await allAssociations(db, auth, id);
  const from = offsetOf(q);
  return { data: all.slice(from, from + q.limit), meta: pageMeta(q, all.length) };
}

async function allAssociations(db: Db, auth: AuthContext, id: string): Promise<LegalEntityAssociation[]> {
  const row = await loadProfile(db, auth, id, 'read');
  const [parent, children, stakeholders] = await Promise.all([
    row.parentLegalEntityId ? repo.findProfile(db, auth.tenantId, row.parentLegalEntityId) : Promise.resolve(undefined),
    repo.findChildren(db, auth.tenantId, id),
    repo.listStakeholders(db, auth.tenantId, [id]),
  ]);
  const seen = new Set<string>();
  return [
    ...(parent ? [{ relation: 'parent' as const, entityType: ENTITY, entity: parent.id, name: parent.name }] : []),
    ...children.map((c) => ({ relation: 'child' as const, entityType: ENTITY, entity: c.id, name: c.name })),
    ...stakeholders
      .filter((s) => !seen.has(s.individualProfileId) && seen.add(s.individualProfileId))
      .map((s) => ({
        relation: 'stakeholder' as const,
        entityType: 'individual-profile' as const,
        entity: s.individualProfileId,
        name: s.name,
      })),
  ];
}

/** §5 and the 100% rule: the individual must be the owner's, and beneficial owners together hold at most 100%. */
async function checkStakeholder(
  tx: DbOrTx,
  auth: AuthContext,
  row: LegalEntityProfileRow,
  input: StakeholderInput,
  replacing: string | null,
) {
  const individual = await repo.findOwnedIndividual(tx, auth.tenantId, row.ownerId, input.individualProfile);
  if (!individual) throw invalid('individualProfile', 'Choose one of your individual profiles');
  const others = (await repo.listStakeholders(tx, auth.tenantId, [row.id])).filter((s) => s.id !== replacing);
  if (others.some((s) => s.individualProfileId === input.individualProfile && s.stakeholderType === input.stakeholderType)) {
    throw new AppError(
      'conflict',
      `${individual.name} is already a ${input.stakeholderType === 'fiduciary' ? 'fiduciary' : 'beneficial owner'} of this entity`,
    );
  }
  const total = beneficialEquityTotal([...others, input]);
  if (total > EQUITY_MAX) {
    const held = beneficialEquityTotal(others);
    throw invalid(
      'equity',
      `${EQUITY_TOTAL_ERROR} (the other beneficial owners hold ${held}%, so at most ${Math.round((EQUITY_MAX - held) * 100) / 100}% is left)`,
    );
  }
  return individual;
}

const stakeholderFields = (s: Pick<Stakeholder, 'individualProfile' | 'stakeholderType' | 'title' | 'equity' | 'fiduciaryRole'>) => ({
  individualProfile: s.individualProfile,
  stakeholderType: s.stakeholderType,
  title: s.title,
  equity: s.equity,
  fiduciaryRole: s.fiduciaryRole,
});

function stakeholderEvent(
  auth: AuthContext,
  profileId: string,
  type: 'create' | 'update' | 'delete',
  message: string,
  meta: TimelineMeta,
  individualId: string,
) {
  return userEvent(auth, ENTITY, profileId, { type, message, meta, refs: [{ entity: individualId, entityType: 'individual-profile' }] });
}

export async function addStakeholder(db: Db, auth: AuthContext, id: string, input: StakeholderInput): Promise<Stakeholder> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const individual = await checkStakeholder(tx, auth, row, input, null);
    const created = await repo.insertStakeholder(tx, auth.tenantId, newId(), id, {
      individualProfileId: input.individualProfile,
      stakeholderType: input.stakeholderType,
      title: input.title,
      equity: input.equity,
      fiduciaryRole: input.fiduciaryRole,
    });
    const stakeholder = repo.toStakeholder({ ...created, name: individual.name });
    await recordEvent(
      tx,
      stakeholderEvent(
        auth,
        id,
        'create',
        `Stakeholder ${individual.name} added to ${row.name}`,
        { stakeholder: created.id, change: diffChanges({}, stakeholderFields(stakeholder)) },
        individual.id,
      ),
    );
    return stakeholder;
  });
}

async function loadStakeholder(tx: DbOrTx, auth: AuthContext, profileId: string, stakeholderId: string) {
  const found = (await repo.listStakeholders(tx, auth.tenantId, [profileId])).find((s) => s.id === stakeholderId);
  if (!found) throw notFound('Stakeholder');
  return found;
}

export async function updateStakeholder(
  db: Db,
  auth: AuthContext,
  id: string,
  stakeholderId: string,
  input: StakeholderInput,
): Promise<Stakeholder> {
  return db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const current = await loadStakeholder(tx, auth, id, stakeholderId);
    const individual = await checkStakeholder(tx, auth, row, input, stakeholderId);
    const updated = await repo.updateStakeholder(tx, auth.tenantId, stakeholderId, {
      individualProfileId: input.individualProfile,
      stakeholderType: input.stakeholderType,
      title: input.title,
      equity: input.equity,
      fiduciaryRole: input.fiduciaryRole,
    });
    const stakeholder = repo.toStakeholder({ ...updated, name: individual.name });
    const change = diffChanges(stakeholderFields(repo.toStakeholder(current)), stakeholderFields(stakeholder));
    if (Object.keys(change).length > 0) {
      await recordEvent(
        tx,
        stakeholderEvent(
          auth,
          id,
          'update',
          `Stakeholder ${individual.name} of ${row.name} updated`,
          { stakeholder: stakeholderId, change },
          individual.id,
        ),
      );
    }
    return stakeholder;
  });
}

export async function removeStakeholder(db: Db, auth: AuthContext, id: string, stakeholderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadProfile(tx, auth, id, 'write', true);
    const current = await loadStakeholder(tx, auth, id, stakeholderId);
    await repo.deleteStakeholder(tx, auth.tenantId, stakeholderId);
    await recordEvent(
      tx,
      stakeholderEvent(
        auth,
        id,
        'delete',
        `Stakeholder ${current.name} removed from ${row.name}`,
        { stakeholder: stakeholderId, delete: stakeholderFields(repo.toStakeholder(current)) },
        current.individualProfileId,
      ),
    );
  });
}
