import { diffChanges, individualProfileName, type GovPhotoId, type GovPhotoIdQuery, type List } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { govPhotoIdCreateBody, govPhotoIdUpdateBody } from '@tessera/domain';
import { govPhotoIds, type GovPhotoIdRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { IMAGE_MIME_TYPES, type AllowedMimeType } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { createDocument, findDocument, type DocumentDeps } from '../documents/index.ts';
import { findProfile, linkGovPhotoId, unlinkGovPhotoId } from '../individual-profiles/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { listOwnIds } from './gov-photo-ids.repository.ts';

export interface GovPhotoIdDeps extends DocumentDeps {
  cipher: FieldCipher;
}

type CreateBody = z.output<typeof govPhotoIdCreateBody>;
type UpdateBody = z.output<typeof govPhotoIdUpdateBody>;
type Side = 'front' | 'back';

/** What an ID's pictures may be: images or PDFs. */
const ID_DOCUMENT_TYPES: readonly AllowedMimeType[] = [...IMAGE_MIME_TYPES, 'application/pdf'];

/** Every letter and digit but the last four hidden: 'X1234567' → '****4567'. */
function maskIdNumber(value: string): string {
  const total = value.replace(/[^0-9a-z]/gi, '').length;
  let seen = 0;
  return value.replace(/[0-9a-z]/gi, (c) => (++seen > total - 4 ? c : '*'));
}

function toGovPhotoId(deps: GovPhotoIdDeps, row: GovPhotoIdRow, reveal: boolean): GovPhotoId {
  const number = deps.cipher.decrypt(row.numberEncrypted);
  return {
    _id: row.id,
    user: row.userId,
    individualProfile: row.individualProfileId,
    type: row.type,
    number: reveal ? number : maskIdNumber(number),
    expirationDate: row.expirationDate,
    issuingCountry: row.issuingCountry,
    issuingState: row.issuingState,
    issuingDate: row.issuingDate,
    issuingAuthority: row.issuingAuthority,
    documentFrontId: row.documentFrontId,
    documentBackId: row.documentBackId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A picture of an ID must be a document the caller uploaded, and an image or a PDF. */
async function checkIdDocument(
  deps: GovPhotoIdDeps,
  auth: AuthContext,
  field: 'documentFrontId' | 'documentBackId',
  id: string,
): Promise<void> {
  const doc = await findDocument(deps.db, auth.tenantId, id);
  if (!doc || doc.uploadedBy !== auth.user.id) throw new AppError('bad-request', `body.${field}: no document of yours has this id`);
  if (!ID_DOCUMENT_TYPES.includes(doc.mimeType as AllowedMimeType))
    throw new AppError('bad-request', `body.${field}: the document must be an image or a PDF`);
}

/** Only the owner sees their IDs; anyone else's id is not found. */
async function requireOwn(deps: GovPhotoIdDeps, auth: AuthContext, id: string): Promise<GovPhotoIdRow> {
  const [row] = await deps.db
    .select()
    .from(govPhotoIds)
    .where(and(eq(govPhotoIds.tenantId, auth.tenantId), eq(govPhotoIds.id, id), eq(govPhotoIds.userId, auth.user.id)))
    .limit(1);
  if (!row) throw notFound('Government photo ID');
  return row;
}

/** The values a timeline may show: the number only masked. */
const visible = (v: Partial<Record<string, unknown>>) => (typeof v.number === 'string' ? { ...v, number: maskIdNumber(v.number) } : v);

export async function listGovPhotoIds(deps: GovPhotoIdDeps, auth: AuthContext, q: GovPhotoIdQuery): Promise<List<GovPhotoId>> {
  const { rows, total } = await listOwnIds(deps.db, auth.tenantId, auth.user.id, q, { limit: q.limit, offset: offsetOf(q) });
  return { data: rows.map((row) => toGovPhotoId(deps, row, false)), meta: pageMeta(q, total) };
}

export async function getGovPhotoId(deps: GovPhotoIdDeps, auth: AuthContext, id: string, reveal: boolean): Promise<GovPhotoId> {
  return toGovPhotoId(deps, await requireOwn(deps, auth, id), reveal);
}

export async function createGovPhotoId(deps: GovPhotoIdDeps, auth: AuthContext, body: CreateBody): Promise<GovPhotoId> {
  await checkIdDocument(deps, auth, 'documentFrontId', body.documentFrontId);
  await checkIdDocument(deps, auth, 'documentBackId', body.documentBackId);
  const { individualProfile, number, ...fields } = body;
  const row = await deps.db.transaction(async (tx) => {
    // §4: the ID joins the profile's list here, so the profile must be one of the caller's in this tenant.
    const profile = individualProfile ? await findProfile(tx, auth.tenantId, auth.user.id, individualProfile) : null;
    if (individualProfile && !profile) throw notFound('Individual profile');
    const [created] = await tx
      .insert(govPhotoIds)
      .values({
        tenantId: auth.tenantId,
        id: newId(),
        userId: auth.user.id,
        individualProfileId: profile?.id ?? null,
        numberEncrypted: deps.cipher.encrypt(number),
        ...fields,
      })
      .returning();
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: created!.id,
      entityType: 'gov-photo-id',
      userId: auth.user.id,
      message: 'Submitted a government photo ID',
      meta: { change: diffChanges({}, visible({ ...fields, number })) },
      refs: [
        { entity: body.documentFrontId, entityType: 'document' },
        { entity: body.documentBackId, entityType: 'document' },
        ...(profile ? [{ entity: profile.id, entityType: 'individual-profile' as const }] : []),
      ],
    });
    if (profile) {
      const linked = await linkGovPhotoId(tx, auth.tenantId, profile.id, created!.id);
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'update',
        entity: profile.id,
        entityType: 'individual-profile',
        userId: auth.user.id,
        message: `Government photo ID added to ${individualProfileName(profile)}`,
        meta: { change: diffChanges({ govPhotoIds: profile.govPhotoIds }, { govPhotoIds: linked.govPhotoIds }) },
        refs: [{ entity: created!.id, entityType: 'gov-photo-id' }],
      });
    }
    return created!;
  });
  return toGovPhotoId(deps, row, false);
}

export async function updateGovPhotoId(deps: GovPhotoIdDeps, auth: AuthContext, id: string, body: UpdateBody): Promise<GovPhotoId> {
  const row = await requireOwn(deps, auth, id);
  if (body.documentFrontId) await checkIdDocument(deps, auth, 'documentFrontId', body.documentFrontId);
  if (body.documentBackId) await checkIdDocument(deps, auth, 'documentBackId', body.documentBackId);
  const current = toGovPhotoId(deps, row, true);
  const next = { ...current, ...body };
  if (next.issuingDate > next.expirationDate)
    throw new AppError('bad-request', 'body.expirationDate: the expiration date must be after the issuing date');
  const change = diffChanges(visible(current as unknown as Record<string, unknown>), visible(body as Record<string, unknown>));
  if (Object.keys(change).length === 0) return toGovPhotoId(deps, row, false);
  const { number, ...fields } = body;
  const updated = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(govPhotoIds)
      .set({ ...fields, ...(number !== undefined && { numberEncrypted: deps.cipher.encrypt(number) }), updatedAt: new Date() })
      .where(and(eq(govPhotoIds.tenantId, auth.tenantId), eq(govPhotoIds.id, id)))
      .returning();
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: id,
      entityType: 'gov-photo-id',
      userId: auth.user.id,
      message: 'Updated a government photo ID',
      meta: { change },
    });
    return saved!;
  });
  return toGovPhotoId(deps, updated, false);
}

export async function deleteGovPhotoId(deps: GovPhotoIdDeps, auth: AuthContext, id: string): Promise<void> {
  const row = await requireOwn(deps, auth, id);
  const { type, number, expirationDate, issuingCountry, issuingState, issuingDate, issuingAuthority, documentFrontId, documentBackId } =
    toGovPhotoId(deps, row, false);
  const shown = {
    type,
    number,
    expirationDate,
    issuingCountry,
    issuingState,
    issuingDate,
    issuingAuthority,
    documentFrontId,
    documentBackId,
  };
  await deps.db.transaction(async (tx) => {
    const profiles = await unlinkGovPhotoId(tx, auth.tenantId, id);
    await tx.delete(govPhotoIds).where(and(eq(govPhotoIds.tenantId, auth.tenantId), eq(govPhotoIds.id, id)));
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'gov-photo-id',
      userId: auth.user.id,
      message: 'Deleted a government photo ID',
      meta: { delete: shown },
    });
    for (const profile of profiles) {
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'update',
        entity: profile.id,
        entityType: 'individual-profile',
        userId: auth.user.id,
        message: `Government photo ID removed from ${individualProfileName(profile)}`,
        meta: { change: diffChanges({ govPhotoIds: profile.govPhotoIds }, { govPhotoIds: profile.govPhotoIds.filter((g) => g !== id) }) },
        refs: [{ entity: id, entityType: 'gov-photo-id' }],
      });
    }
  });
}

/** Uploads a picture of the ID (a GOVERNMENT_ID document) and makes it the front or the back. */
export async function setIdDocument(
  deps: GovPhotoIdDeps,
  auth: AuthContext,
  id: string,
  side: Side,
  file: { data: Buffer; fileName: string },
): Promise<GovPhotoId> {
  const row = await requireOwn(deps, auth, id);
  const doc = await createDocument(
    deps,
    auth,
    file,
    { name: `Government photo ID (${side})`, type: 'GOVERNMENT_ID', entityType: 'USER', tags: [], description: null },
    { allowed: ID_DOCUMENT_TYPES },
  );
  const column = side === 'front' ? 'documentFrontId' : 'documentBackId';
  const updated = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(govPhotoIds)
      .set({ [column]: doc._id, updatedAt: new Date() })
      .where(and(eq(govPhotoIds.tenantId, auth.tenantId), eq(govPhotoIds.id, id)))
      .returning();
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'upload',
      entity: id,
      entityType: 'gov-photo-id',
      userId: auth.user.id,
      message: `Uploaded the ${side} of a government photo ID`,
      meta: { change: { [column]: { old: row[column], new: doc._id } } },
      refs: [{ entity: doc._id, entityType: 'document' }],
    });
    return saved!;
  });
  return toGovPhotoId(deps, updated, false);
}
