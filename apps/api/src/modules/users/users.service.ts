import {
  addressIssues,
  diffChanges,
  memberDisplayName,
  userDisplayName,
  type AccountUpdate,
  type AdminUser,
  type List,
  type MemberPreferences,
  type NotificationPreferences,
  type ShareEntityOption,
  type shareEntityOptionsQuery,
  type TenantMember,
  type TimelineQuery,
  type User,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { cappedPageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { listBusinessPartnerIds } from '../businesses/index.ts';
import { listSharingPartnerIds } from '../documents/index.ts';
import { isTenantOwner, listTeammateIds } from '../institutions/index.ts';
import { findMember, toTenantMember, updateMember } from '../tenants/index.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import {
  deleteUserRow,
  findUserById,
  listMemberTenantIds,
  listShareableMembers,
  toAdminUser,
  toUser,
  updateUser,
} from './users.repository.ts';

export interface UserDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

/** A user may read and change only themself; anyone else's id is simply not found. Platform admins may reach anyone. */
function requireSelf(auth: AuthContext, userId: string): void {
  if (auth.user.id !== userId && !auth.isPlatformAdmin) throw notFound('User');
}

/** The target user: the caller themself, or (for platform admins) a member of this tenant. */
export async function loadTarget(db: Db, auth: AuthContext, userId: string): Promise<UserRow> {
  requireSelf(auth, userId);
  if (userId === auth.user.id) return auth.user;
  const [row, member] = await Promise.all([findUserById(db, userId), findMember(db, auth.tenantId, userId)]);
  if (!row || !member) throw notFound('User');
  return row;
}

/** Who did it, as the timeline reads: 'Ada updated her account' or 'Admin updated Ada's account'. */
export function subject(auth: AuthContext, target: UserRow): { actor: string; whose: string } {
  const self = auth.user.id === target.id;
  return { actor: userDisplayName(auth.user), whose: self ? 'their' : `${userDisplayName(target)}'s` };
}

export async function getUser(db: Db, auth: AuthContext, userId: string): Promise<User> {
  return toUser(await loadTarget(db, auth, userId));
}

export async function listUserEvents(db: Db, auth: AuthContext, userId: string, q: TimelineQuery) {
  await loadTarget(db, auth, userId);
  return queryEvents(db, auth.tenantId, { kind: 'user', userId }, q);
}

export async function getOwnMembership(
  db: Db,
  auth: AuthContext,
  userId: string,
  tenantId: string | undefined,
): Promise<TenantMember | null> {
  requireSelf(auth, userId);
  // Memberships of other tenants are not visible from this tenant's address.
  if (tenantId && tenantId !== auth.tenantId) throw notFound('Membership');
  const member = userId === auth.user.id ? auth.member : ((await findMember(db, auth.tenantId, userId)) ?? null);
  const user = userId === auth.user.id ? auth.user : await findUserById(db, userId);
  return member && user ? toTenantMember(member, user.email) : null;
}

/**
 * GET user/{id}/share-entity-options: whom the user can share with here. Only the people they already share or work
 * with are suggested (issue #21: every investor could list every member): the people on either side of their document
 * grants, the owners of the businesses they keep, and the teams of the institutions they are on. The tenant's owners
 * (and platform admins) may search every active member. Anyone else is shared with by typing the e-mail, which
 * invites them. The list is the user's own, so nobody else may ask for it, platform admins included.
 */
export async function listShareEntityOptions(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  userId: string,
  q: z.output<typeof shareEntityOptionsQuery>,
): Promise<List<ShareEntityOption>> {
  if (userId !== auth.user.id) throw notFound('User');
  const circle = isTenantOwner(auth) ? undefined : await sharingCircle(db, clock, auth);
  const { rows, counted } = await listShareableMembers(db, auth.tenantId, userId, q, circle);
  return {
    data: rows.map((row) => ({ _id: row.id, name: memberDisplayName(row), email: row.email })),
    meta: cappedPageMeta(q, counted),
  };
}

async function sharingCircle(db: Db, clock: Clock, auth: AuthContext): Promise<string[]> {
  const lists = await Promise.all([
    listSharingPartnerIds(db, auth.tenantId, auth.user.id),
    listBusinessPartnerIds(db, auth.tenantId, auth.user.id),
    listTeammateIds(db, auth.tenantId, auth.user.id, clock.now()),
  ]);
  return [...new Set(lists.flat())];
}

/** PUT user/{id}: the account fields, checked again against the stored country when the body leaves it out. */
/** Updates the account; the answer names the fields that changed (a name shows on marketplaces: the route refreshes them). */
export async function updateAccount(
  db: Db,
  auth: AuthContext,
  userId: string,
  body: AccountUpdate,
): Promise<{ user: User; changed: string[] }> {
  const target = await loadTarget(db, auth, userId);
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<UserRow>;
  if ('zip' in values || 'state' in values || 'country' in values) {
    const issues = addressIssues({
      country: target.country,
      state: target.state,
      zip: target.zip,
      ...pick(values, ['country', 'state', 'zip']),
    });
    const relevant = issues.filter((i) => i.field in values || 'country' in values);
    if (relevant.length > 0) throw new AppError('validation', relevant.map((i) => `body.${i.field}: ${i.message}`).join('; '));
  }
  const change = diffChanges(target, values);
  if (Object.keys(change).length === 0) return { user: toUser(target), changed: [] };
  const { actor, whose } = subject(auth, target);
  const updated = await db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, values);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${actor} updated ${whose} account`,
      meta: { change },
    });
    return row;
  });
  return { user: toUser(updated), changed: Object.keys(change) };
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]])) as Partial<Pick<T, K>>;
}

export async function updateNotifications(
  db: Db,
  auth: AuthContext,
  userId: string,
  prefs: Partial<NotificationPreferences>,
): Promise<User> {
  const target = await loadTarget(db, auth, userId);
  const next = { ...target.notificationPreferences, ...prefs } as NotificationPreferences;
  const change = diffChanges({ notificationPreferences: target.notificationPreferences }, { notificationPreferences: next });
  if (Object.keys(change).length === 0) return toUser(target);
  const { actor, whose } = subject(auth, target);
  const updated = await db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { notificationPreferences: next });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${actor} changed ${whose} notification preferences`,
      meta: { change },
    });
    return row;
  });
  return toUser(updated);
}

/** Where a user's image lives: per tenant, under a generated name. */
const imageKey = (tenantId: string, userId: string, imageId: string) => `user-images/${tenantId}/${userId}/${imageId}`;
const imageUrl = (userId: string, imageId: string) => `/api/v1/user/${userId}/image/${imageId}`;
const IMAGE_URL = /^\/api\/v1\/user\/([0-9a-f]{24})\/image\/([0-9a-f]{24})$/;

/** PUT user/{id}/image: checks the bytes, stores them, points user.image at them and removes the previous image. */
export async function updateImage(deps: UserDeps, auth: AuthContext, userId: string, file: UploadedFile): Promise<User> {
  const target = await loadTarget(deps.db, auth, userId);
  const checked = await checkUpload(file.data, file.fileName, { allowed: IMAGE_MIME_TYPES });
  const imageId = newId();
  const key = imageKey(auth.tenantId, target.id, imageId);
  await deps.storage.put(key, file.data, checked.mimeType);
  const url = imageUrl(target.id, imageId);
  const { actor, whose } = subject(auth, target);
  let updated: UserRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const row = await updateUser(tx, target.id, { image: url });
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'upload',
        entity: target.id,
        entityType: 'user',
        userId: auth.user.id,
        message: `${actor} updated ${whose} profile image`,
        meta: { change: { image: { old: target.image, new: url } }, file: { mimeType: checked.mimeType, size: checked.size } },
      });
      return row;
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await deleteStoredImage(deps, target.id, target.image);
  return toUser(updated);
}

/** The previous image may have been uploaded from any of the user's tenants; deleting a missing key is harmless. */
async function deleteStoredImage(deps: UserDeps, userId: string, url: string | null): Promise<void> {
  const match = url ? IMAGE_URL.exec(url) : null;
  if (!match || match[1] !== userId) return;
  const tenantIds = await listMemberTenantIds(deps.db, userId);
  await Promise.all(tenantIds.map((tenantId) => deps.storage.delete(imageKey(tenantId, userId, match[2]!))));
}

/** GET user/{id}/image/{imageId}: any signed-in member of the tenant the image was uploaded in may see it. */
export async function readImage(deps: UserDeps, auth: AuthContext, userId: string, imageId: string) {
  const file = await deps.storage.get(imageKey(auth.tenantId, userId, imageId));
  if (!file) throw notFound('Image');
  return file;
}

/** PUT user/{id}/tenant-member/preferences: 'Set as default' on this tenant's membership. */
export async function updateMemberPreferences(
  db: Db,
  auth: AuthContext,
  userId: string,
  body: Partial<MemberPreferences>,
): Promise<TenantMember> {
  const target = await loadTarget(db, auth, userId);
  const member = target.id === auth.user.id ? auth.member : await findMember(db, auth.tenantId, target.id);
  if (!member) throw notFound('Membership');
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<MemberPreferences>;
  const next: MemberPreferences = { ...member.preferences, ...values };
  const change = diffChanges(member.preferences, values);
  if (Object.keys(change).length === 0) return toTenantMember(member, target.email);
  const { actor, whose } = subject(auth, target);
  const updated = await db.transaction(async (tx) => {
    const row = await updateMember(tx, auth.tenantId, member.id, { preferences: next });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: member.id,
      entityType: 'tenant-member',
      userId: auth.user.id,
      message: `${actor} set ${whose} default preferences`,
      meta: { change },
      refs: [{ entity: target.id, entityType: 'user' }],
    });
    return row;
  });
  return toTenantMember(updated, target.email);
}

/** Platform admins act on other users only (never themselves), and only on members of this tenant. */
async function loadAdminTarget(db: Db, auth: AuthContext, userId: string, verb: string): Promise<UserRow> {
  if (userId === auth.user.id) throw new AppError('bad-request', `You cannot ${verb} your own account`);
  return loadTarget(db, auth, userId);
}

export async function setArchived(deps: UserDeps, auth: AuthContext, userId: string, archived: boolean): Promise<AdminUser> {
  const target = await loadAdminTarget(deps.db, auth, userId, archived ? 'archive' : 'un-archive');
  if (Boolean(target.archivedAt) === archived) return toAdminUser(target);
  const archivedAt = archived ? deps.clock.now() : null;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { archivedAt });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: archived ? 'archive' : 'restore',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} ${archived ? 'archived' : 'restored'} ${userDisplayName(target)}`,
      meta: { change: { archivedAt: { old: target.archivedAt?.toISOString() ?? null, new: archivedAt?.toISOString() ?? null } } },
    });
    return row;
  });
  return toAdminUser(updated);
}

/** DELETE user/{id}: the event is written first (with what was deleted), then the account and its memberships go. */
export async function deleteUser(deps: UserDeps, auth: AuthContext, userId: string): Promise<{ _id: string; deleted: true }> {
  const target = await loadAdminTarget(deps.db, auth, userId, 'delete');
  const tenantIds = await listMemberTenantIds(deps.db, target.id);
  await deps.db.transaction(async (tx) => {
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} deleted ${userDisplayName(target)}`,
      meta: { delete: { email: target.email, firstname: target.firstname, lastname: target.lastname, role: target.role } },
    });
    await deleteUserRow(tx, target.id);
  });
  const match = target.image ? IMAGE_URL.exec(target.image) : null;
  if (match) await Promise.all(tenantIds.map((tenantId) => deps.storage.delete(imageKey(tenantId, target.id, match[2]!))));
  return { _id: target.id, deleted: true };
}
