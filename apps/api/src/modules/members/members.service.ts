import {
  diffChanges,
  isPendingMembership,
  memberDisplayName,
  transitionError,
  type Group,
  type List,
  type MembershipStatus,
  type PageQuery,
  type TenantMemberAdmin,
  type TimelineEvent,
  type TimelineQuery,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { memberAccessBody, memberDetailsBody, memberInviteBody, memberListQuery, MemberAttributes, TenantRole } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { images, type TenantMemberRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext, Caller } from '../../lib/auth-context.ts';
import {
  endMemberSessions,
  invitationMail,
  invite,
  inviterName,
  issueInviteLink,
  revokeInviteTokens,
  type AuthDeps,
  type CallSite,
  type SessionsDeps,
} from '../auth/index.ts';
import { groupIdsOfMember, listGroupsOfMember } from '../groups/index.ts';
import { deleteMemberRow, updateMember } from '../tenants/index.ts';
import { actorName, queryEvents, recordEvent } from '../timeline/index.ts';
import {
  countOtherActiveOwners,
  findMemberWithUser,
  listMembers as listMemberRows,
  toMemberAdmin,
  type MemberWithUser,
} from './members.repository.ts';

async function load(db: DbOrTx, tenantId: string, id: string): Promise<MemberWithUser> {
  const found = await findMemberWithUser(db, tenantId, id);
  if (!found) throw notFound('Member');
  return found;
}

/** The account a member event refers to; none while the invitation is pending (the tenant does not know it yet). */
const userRefs = (m: TenantMemberRow) =>
  isPendingMembership(m.membershipStatus) ? [] : [{ entity: m.userId, entityType: 'user' as const }];

const nameOf = (m: MemberWithUser) => memberDisplayName({ ...m.member, email: m.user.email });

async function withGroups(db: DbOrTx, found: MemberWithUser): Promise<TenantMemberAdmin> {
  return toMemberAdmin(found, await groupIdsOfMember(db, found.member.tenantId, found.member.id));
}

export function listMembers(db: DbOrTx, caller: Caller, q: z.output<typeof memberListQuery>): Promise<List<TenantMemberAdmin>> {
  return listMemberRows(db, caller.tenantId, q);
}

export async function getMember(db: DbOrTx, caller: Caller, id: string): Promise<TenantMemberAdmin> {
  return withGroups(db, await load(db, caller.tenantId, id));
}

export async function inviteMember(
  deps: AuthDeps,
  site: CallSite,
  caller: Caller,
  body: z.output<typeof memberInviteBody>,
): Promise<TenantMemberAdmin> {
  const { tenantMember } = await invite(deps, site, caller, body);
  return tenantMember;
}

/** Refuses changes that would leave the tenant without an active owner. */
async function keepAnOwner(db: DbOrTx, member: TenantMemberRow, message: string): Promise<void> {
  if (member.role !== 'owner' || member.membershipStatus !== 'active') return;
  if ((await countOtherActiveOwners(db, member.tenantId, member.id)) === 0) throw new AppError('bad-request', message);
}

/** Applies a change to a member and records it with old and new values, in one transaction. */
async function change(
  deps: Pick<AuthDeps, 'db'>,
  caller: Caller,
  id: string,
  build: (current: MemberWithUser, tx: DbOrTx) => Promise<Partial<TenantMemberRow>> | Partial<TenantMemberRow>,
  event: { type: 'update' | 'status' | 'access'; message: (name: string) => string },
): Promise<TenantMemberAdmin> {
  const updated = await deps.db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    const values = await build(current, tx);
    const diff = diffChanges(current.member as unknown as Record<string, unknown>, values as Record<string, unknown>);
    if (Object.keys(diff).length === 0) return current;
    const member = await updateMember(tx, caller.tenantId, id, values);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: event.type,
      entity: id,
      entityType: 'tenant-member',
      caller,
      message: event.message(nameOf(current)),
      meta: { change: diff },
      refs: userRefs(current.member),
    });
    return { member, user: current.user };
  });
  return withGroups(deps.db, updated);
}

export function updateDetails(deps: Pick<AuthDeps, 'db'>, caller: Caller, id: string, body: z.output<typeof memberDetailsBody>) {
  return change(deps, caller, id, () => body, { type: 'update', message: (name) => `${actorName(caller)} updated the details of ${name}` });
}

export function updateImage(deps: Pick<AuthDeps, 'db'>, caller: Caller, id: string, image: string | null) {
  return change(
    deps,
    caller,
    id,
    async (_current, tx) => {
      if (image) {
        const [found] = await tx
          .select({ id: images.id })
          .from(images)
          .where(and(eq(images.tenantId, caller.tenantId), eq(images.id, image)))
          .limit(1);
        if (!found) throw new AppError('bad-request', 'image: no such image in this organization');
      }
      return { image };
    },
    { type: 'update', message: (name) => `${actorName(caller)} changed the image of ${name}` },
  );
}

export function updateRole(deps: Pick<AuthDeps, 'db'>, caller: Caller, id: string, role: TenantRole) {
  return change(
    deps,
    caller,
    id,
    async (current, tx) => {
      if (role !== 'owner') await keepAnOwner(tx, current.member, 'The last owner cannot be demoted: make another member owner first');
      return { role };
    },
    { type: 'access', message: (name) => `${actorName(caller)} made ${name} ${role}` },
  );
}

export function updateAccess(deps: Pick<AuthDeps, 'db'>, caller: Caller, id: string, body: z.output<typeof memberAccessBody>) {
  return change(
    deps,
    caller,
    id,
    (current) => {
      const values: Partial<TenantMemberRow> = {};
      if (body.attributes) values.attributes = { ...current.member.attributes, ...body.attributes } satisfies MemberAttributes;
      if (body.expiresAt !== undefined) values.expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      return values;
    },
    { type: 'access', message: (name) => `${actorName(caller)} changed the access of ${name}` },
  );
}

/** A suspension also ends the member's sessions on this tenant at once, and tells their browsers. */
export async function updateStatus(deps: SessionsDeps, caller: Caller, id: string, to: MembershipStatus) {
  // A platform admin's membership refuses them nothing (plugins/auth.ts), so suspending it ends none of their sessions.
  let platformAdmin = false;
  const updated = await change(
    deps,
    caller,
    id,
    async (current, tx) => {
      platformAdmin = current.user.role === 'admin';
      const refused = transitionError(current.member.membershipStatus, to);
      if (refused) throw new AppError('bad-request', refused);
      if (current.member.userId === caller.user?.id) throw new AppError('bad-request', 'You cannot change your own membership status');
      await keepAnOwner(tx, current.member, 'The last owner cannot be suspended: make another member owner first');
      if (to === 'invite-rejected') await revokeInviteTokens(tx, caller.tenantId, current.member.userId);
      return { membershipStatus: to };
    },
    { type: 'status', message: (name) => `${actorName(caller)} changed the status of ${name} to ${to}` },
  );
  if (to === 'suspended' && updated.user && !platformAdmin) await endMemberSessions(deps, caller, updated.user, 'membership-suspended');
  return updated;
}

export async function removeMember(deps: Pick<AuthDeps, 'db'>, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    if (current.member.userId === caller.user?.id) throw new AppError('bad-request', 'You cannot remove yourself from the organization');
    await keepAnOwner(tx, current.member, 'The last owner cannot be removed: make another member owner first');
    await revokeInviteTokens(tx, caller.tenantId, current.member.userId);
    await deleteMemberRow(tx, caller.tenantId, id);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'tenant-member',
      caller,
      message: `${actorName(caller)} removed ${nameOf(current)}`,
      meta: { delete: { email: current.user.email, role: current.member.role, membershipStatus: current.member.membershipStatus } },
      refs: userRefs(current.member),
    });
  });
}

/** A new single-use invitation link; any earlier link for this tenant stops working. */
export async function resendInvite(deps: AuthDeps, site: CallSite, caller: Caller, id: string): Promise<TenantMemberAdmin> {
  const { found, link } = await deps.db.transaction(async (tx) => {
    const current = await load(tx, caller.tenantId, id);
    if (current.member.membershipStatus === 'active')
      throw new AppError('bad-request', 'This member has already accepted: there is no invitation to resend');
    if (current.member.membershipStatus !== 'invited')
      throw new AppError('bad-request', 'Only invited members can be sent the invitation again');
    const issued = await issueInviteLink(deps, tx, site, { id: current.member.userId, ...current.user }, current.member);
    await recordEvent(tx, {
      tenantId: caller.tenantId,
      type: 'invite',
      entity: id,
      entityType: 'tenant-member',
      caller,
      message: `${actorName(caller)} resent the invitation to ${current.user.email}`,
    });
    return { found: current, link: issued };
  });
  await deps.mailer.send({
    to: found.user.email,
    tenantId: caller.tenantId,
    ...invitationMail(site, inviterName(caller, site.tenant), link),
  });
  return withGroups(deps.db, found);
}

export async function listMemberEvents(db: DbOrTx, caller: Caller, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await load(db, caller.tenantId, id);
  return queryEvents(db, caller.tenantId, { kind: 'entity', entityType: 'tenant-member', entity: id }, q);
}

export async function listMemberGroups(db: DbOrTx, caller: Caller, id: string, q: PageQuery): Promise<List<Group>> {
  await load(db, caller.tenantId, id);
  return listGroupsOfMember(db, caller.tenantId, id, q);
}

/** The caller's own membership of this tenant, by its id; any other id is unknown (404). */
async function loadOwn(db: DbOrTx, auth: AuthContext, id: string): Promise<MemberWithUser> {
  const found = await findMemberWithUser(db, auth.tenantId, id);
  if (!found || found.member.userId !== auth.user.id) throw notFound('Membership');
  return found;
}

export async function getOwnMembership(db: DbOrTx, auth: AuthContext, id: string) {
  const found = await loadOwn(db, auth, id);
  const { signupStatus: _signup, ...member } = await withGroups(db, found);
  return { ...member, user: found.member.userId };
}

export async function listOwnMembershipEvents(db: DbOrTx, auth: AuthContext, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await loadOwn(db, auth, id);
  return queryEvents(db, auth.tenantId, { kind: 'entity', entityType: 'tenant-member', entity: id }, q);
}

export async function listOwnMembershipGroups(db: DbOrTx, auth: AuthContext, id: string, q: PageQuery): Promise<List<Group>> {
  await loadOwn(db, auth, id);
  return listGroupsOfMember(db, auth.tenantId, id, q);
}
