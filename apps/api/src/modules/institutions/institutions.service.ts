import {
  diffChanges,
  userDisplayName,
  type Contact,
  type Institution,
  type InstitutionImage,
  type InstitutionVideo,
  type List,
  type SlugAvailabilityResult,
  type TimelineEvent,
  type TimelineQuery,
  type institutionCreateBody,
  type institutionDetailsUpdateBody,
  type institutionListQuery,
  type institutionSlugAvailabilityQuery,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { InstitutionRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import { deleteBillingOfInstitution } from '../billing/index.ts';
import {
  isTenantOwner,
  requireEditor,
  requireInstitution,
  requireRaiseMode,
  requireTenantOwner,
  type InstitutionAccess,
  type InstitutionReader,
} from './institution-access.ts';
import {
  deleteInstitution as deleteInstitutionRows,
  existingImageIds,
  findInstitutionWithExtras,
  insertInstitution,
  insertRoleAssignment,
  listInstitutions as listInstitutionRows,
  slugTaken,
  toInstitution,
  updateInstitution,
} from './institutions.repository.ts';

const SLUG_TAKEN = 'This slug is already used by another institution of this organization: choose another';

const actorOf = (auth: AuthContext) => userDisplayName(auth.user);

/** The institution as the caller sees it (slug only for owners), read again with its offer count. */
async function present(db: DbOrTx, reader: InstitutionReader, id: string): Promise<Institution> {
  const found = await findInstitutionWithExtras(db, reader.tenantId, id, reader.apiKey ? null : reader.user.id);
  if (!found) throw notFound('Institution');
  // The tenant's key acts as an owner (it sees the slug); an institution's key does not.
  return toInstitution(found.row, found, reader.apiKey ? reader.institutionId === null : isTenantOwner(reader));
}

/**
 * GET tenant/{t}/institutions: owners and platform admins see every institution of the tenant, GPs only
 * those whose team they are on; `isTeamMember=true` narrows anyone to their teams (the picker).
 */
export async function listInstitutions(
  db: DbOrTx,
  auth: AuthContext,
  q: z.output<typeof institutionListQuery>,
): Promise<List<Institution>> {
  requireRaiseMode(auth);
  const owner = isTenantOwner(auth);
  const teamOnly = !owner || q.isTeamMember === true;
  const rows = await listInstitutionRows(db, auth.tenantId, auth.user.id, q, { teamOnly, searchSlug: owner });
  return { data: rows.data.map((r) => toInstitution(r.row, r, owner)), meta: rows.meta };
}

export async function slugAvailability(
  db: DbOrTx,
  auth: AuthContext,
  q: z.output<typeof institutionSlugAvailabilityQuery>,
): Promise<SlugAvailabilityResult> {
  requireTenantOwner(auth, 'Only the organization owners can see institution slugs');
  return { slug: q.slug, available: !(await slugTaken(db, auth.tenantId, q.slug, q.except)) };
}

/** POST tenant/{t}/institutions: owners only. Owners reach every institution, so the creator is not put on the team. */
export async function createInstitution(db: Db, auth: AuthContext, body: z.output<typeof institutionCreateBody>): Promise<Institution> {
  requireRaiseMode(auth);
  requireTenantOwner(auth, 'Only the organization owners can create institutions');
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      if (await slugTaken(tx, auth.tenantId, body.slug)) throw new AppError('conflict', SLUG_TAKEN);
      const row = await insertInstitution(tx, {
        tenantId: auth.tenantId,
        id,
        name: body.name,
        slug: body.slug,
        type: body.type,
        descriptionShort: body.descriptionShort,
        createdBy: auth.user.id,
      });
      // The creator, a member of this tenant, runs the new institution: on its team as owner, so Raise mode's
      // picker (team institutions only, 002 §1) offers it to them. A platform admin from outside is not added.
      const creatorJoins = auth.member !== null;
      if (creatorJoins) {
        await insertRoleAssignment(tx, {
          tenantId: auth.tenantId,
          id: newId(),
          userId: auth.user.id,
          entityType: 'institution',
          entityId: id,
          role: 'owner',
          createdBy: auth.user.id,
        });
      }
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'create',
        entity: id,
        entityType: 'tenant-institution',
        userId: auth.user.id,
        message: `${actorOf(auth)} created the institution ${row.name}`,
        meta: {
          change: {
            name: { old: null, new: row.name },
            slug: { old: null, new: row.slug },
            type: { old: null, new: row.type },
            descriptionShort: { old: null, new: row.descriptionShort },
            ...(creatorJoins && { team: { old: null, new: { email: auth.user.email, role: 'owner' } } }),
          },
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN);
    throw error;
  }
  return present(db, auth, id);
}

/** GET …/{id}: people as above; the tenant's API key any institution of the tenant, an institution's its own only. */
export async function getInstitution(db: DbOrTx, reader: InstitutionReader, id: string): Promise<Institution> {
  await requireInstitution(db, reader, id);
  return present(db, reader, id);
}

/** DELETE: owners only; the institution's offers go with it (foreign key) and so does its team. */
export async function deleteInstitution(db: Db, auth: AuthContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { institution } = await requireInstitution(tx, auth, id);
    requireTenantOwner(auth, 'Only the organization owners can delete institutions');
    const removed = await deleteInstitutionRows(tx, auth.tenantId, id);
    // Issue #23: its billing account and cards go with it (its invoices stay).
    await deleteBillingOfInstitution(tx, auth.tenantId, id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: `${actorOf(auth)} deleted the institution ${institution.name}`,
      meta: {
        delete: {
          name: institution.name,
          slug: institution.slug,
          type: institution.type,
          offers: removed.offers,
          teamMembers: removed.team,
        },
      },
    });
  });
}

/**
 * Applies a change to an institution the caller may edit and records it with old and new values, in one
 * transaction. Nothing changed: nothing written.
 */
async function change(
  db: Db,
  auth: AuthContext,
  id: string,
  build: (access: InstitutionAccess, tx: DbOrTx) => Promise<Partial<InstitutionRow>> | Partial<InstitutionRow>,
  message: (name: string) => string,
): Promise<Institution> {
  await db.transaction(async (tx) => {
    const access = await requireInstitution(tx, auth, id);
    requireEditor(access);
    const values = await build(access, tx);
    const diff = diffChanges(access.institution as unknown as Record<string, unknown>, values as Record<string, unknown>);
    if (Object.keys(diff).length === 0) return;
    await updateInstitution(tx, auth.tenantId, id, values);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: id,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: message(access.institution.name),
      meta: { change: diff },
    });
  });
  return present(db, auth, id);
}

/** PUT …/details: the slug stays unique and only owners may change it; the description is sanitised HTML. */
export async function updateDetails(
  db: Db,
  auth: AuthContext,
  id: string,
  body: z.output<typeof institutionDetailsUpdateBody>,
): Promise<Institution> {
  try {
    return await change(
      db,
      auth,
      id,
      async ({ institution, isOwner }, tx) => {
        const values: Partial<InstitutionRow> = {
          name: body.name,
          type: body.type,
          descriptionShort: body.descriptionShort,
          description: sanitizeRichText(body.description),
          customMetrics: [...body.customMetrics].sort((a, b) => a.position - b.position).map((m, position) => ({ ...m, position })),
        };
        if (body.slug !== undefined && body.slug !== institution.slug) {
          if (!isOwner) throw forbidden('Only the organization owners can change the slug');
          if (await slugTaken(tx, auth.tenantId, body.slug, id)) throw new AppError('conflict', SLUG_TAKEN);
          values.slug = body.slug;
        }
        return values;
      },
      (name) => `${actorOf(auth)} updated the details of ${name}`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN);
    throw error;
  }
}

/** Positions are renumbered from 0 in the order given. */
const inOrder = <T extends { position: number }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.position - b.position).map((item, position) => ({ ...item, position }));

/** PUT …/images: each image must be an image of this tenant; the url is not stored (it follows from the id). */
export function updateImages(db: Db, auth: AuthContext, id: string, items: InstitutionImage[]): Promise<Institution> {
  return change(
    db,
    auth,
    id,
    async (_access, tx) => {
      const found = await existingImageIds(tx, auth.tenantId, [...new Set(items.map((i) => i.image))]);
      const missing = items.findIndex((i) => !found.has(i.image));
      if (missing >= 0) throw new AppError('bad-request', `images.${missing}.image: no such image in this organization; upload it first`);
      return { images: inOrder(items).map(({ url: _url, ...item }) => item) };
    },
    (name) => `${actorOf(auth)} updated the images of ${name}`,
  );
}

export function updateVideos(db: Db, auth: AuthContext, id: string, items: InstitutionVideo[]): Promise<Institution> {
  return change(
    db,
    auth,
    id,
    () => ({ videos: inOrder(items) }),
    (name) => `${actorOf(auth)} updated the videos of ${name}`,
  );
}

export function updateContact(db: Db, auth: AuthContext, id: string, contact: Contact): Promise<Institution> {
  return change(
    db,
    auth,
    id,
    () => ({ contact }),
    (name) => `${actorOf(auth)} updated the contact of ${name}`,
  );
}

/** GET …/events: the institution's history, team changes included. */
export async function listEvents(db: DbOrTx, auth: AuthContext, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await requireInstitution(db, auth, id);
  return queryEvents(db, auth.tenantId, { kind: 'entity', entityType: 'tenant-institution', entity: id }, q);
}
