import {
  institutionTeamRoleLabels,
  userDisplayName,
  type InstitutionTeamRole,
  type List,
  type MemberAttributes,
  type TeamMember,
  type teamInviteBody,
} from '@tessera/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { insertInviteToken, INVITE_TTL_SECONDS, revokeInviteTokens, type AuthDeps, type CallSite } from '../auth/index.ts';
import { DEFAULT_ATTRIBUTES, findMember, insertMember, updateMember } from '../tenants/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import { requireInstitution, type InstitutionAccess } from './institution-access.ts';
import { teamAddedMail, teamInviteMail } from './institution-mails.ts';
import {
  deleteRoleAssignment,
  findTeamRow,
  findTeamRowOfUser,
  insertRoleAssignment,
  listTeam as listTeamRows,
  lockOtherActiveOwners,
  toTeamMember,
  updateRoleAssignment,
  type TeamRow,
} from './institutions.repository.ts';
import { requireEditor } from './institutions.service.ts';

/** Invitation links stay valid as long as the tenant's own member invitations. */

const actorOf = (auth: AuthContext) => userDisplayName(auth.user);
const nameOf = (row: Pick<TeamRow, 'email' | 'firstname' | 'lastname'>) => userDisplayName({ ...row, displayname: null });
const roleLabel = (role: InstitutionTeamRole) => institutionTeamRoleLabels[role].toLowerCase();

const OWNER_ROLE_REFUSED =
  "Only the owners of the institution's team (or the organization owners) can make someone an owner, or change or remove an owner";
const LAST_OWNER = 'The team must keep at least one owner: make someone else owner first';

/** Who may change a team (002 §4 team invite): owners, platform admins, and the team's owners, members and editors. */
async function requireTeamManager(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<InstitutionAccess> {
  const access = await requireInstitution(db, auth, institutionId);
  requireEditor(access);
  return access;
}

/**
 * The owner role is the team's highest: only the team's owners, the tenant's owners and platform admins grant it,
 * change an owner's role or remove an owner, so a member or editor cannot raise themselves or push an owner out.
 */
function requireOwnerManager(access: InstitutionAccess): void {
  if (!access.isOwner && access.teamRole !== 'owner') throw forbidden(OWNER_ROLE_REFUSED);
}

const isActive = (row: TeamRow, now: Date) => !row.assignment.expiresAt || row.assignment.expiresAt > now;

/** 409 when `row` is the team's last unexpired owner: a team is never left without one. */
async function keepAnOwner(tx: DbOrTx, auth: AuthContext, institutionId: string, row: TeamRow): Promise<void> {
  const now = new Date();
  if (row.assignment.role !== 'owner' || !isActive(row, now)) return;
  if ((await lockOtherActiveOwners(tx, auth.tenantId, institutionId, row.assignment.id, now)).length === 0)
    throw new AppError('conflict', LAST_OWNER);
}

async function loadRow(db: DbOrTx, auth: AuthContext, institutionId: string, id: string): Promise<TeamRow> {
  const row = await findTeamRow(db, auth.tenantId, institutionId, id);
  if (!row) throw notFound('Team member');
  return row;
}

export async function listTeam(
  db: DbOrTx,
  auth: AuthContext,
  institutionId: string,
  q: { page: number; limit: number },
): Promise<List<TeamMember>> {
  await requireInstitution(db, auth, institutionId);
  return listTeamRows(db, auth.tenantId, institutionId, q);
}

/** A new single-use invitation link for an account that is not set up yet (the same link as a member invitation). */
async function issueInviteToken(
  deps: AuthDeps,
  tx: DbOrTx,
  tenantId: string,
  user: Pick<UserRow, 'id' | 'email'>,
  names: { firstname: string | null; lastname: string | null },
): Promise<string> {
  const now = deps.clock.now();
  await revokeInviteTokens(tx, tenantId, user.id);
  const jti = await insertInviteToken(tx, tenantId, user.id, now);
  return deps.tokens.signPurpose(
    'invite',
    { email: user.email, firstname: names.firstname, lastname: names.lastname, tenantId },
    jti,
    INVITE_TTL_SECONDS,
    now,
  );
}

/**
 * POST …/team/invite (002 §5): an existing account is added to the team at once; a new address gets an account
 * to set up and an invitation link. Either way the person becomes a member of the tenant if they are not one
 * (as member, with institution:manage so they can reach Raise mode), and an existing member gets that flag.
 * The same e-mail may be on the teams of several institutions.
 */
export async function inviteTeamMember(
  deps: AuthDeps,
  site: CallSite,
  auth: AuthContext,
  institutionId: string,
  body: z.output<typeof teamInviteBody>,
): Promise<TeamMember> {
  const existing = await findUserByEmail(deps.db, body.email);
  const result = await deps.db
    .transaction(async (tx) => {
      const access = await requireTeamManager(tx, auth, institutionId);
      if (body.role === 'owner') requireOwnerManager(access);
      const { institution } = access;
      const tenantId = auth.tenantId;
      if (existing && (await findTeamRowOfUser(tx, tenantId, institutionId, existing.id))) {
        throw new AppError('conflict', `${body.email} is already on the team of ${institution.name}`);
      }
      const user =
        existing ??
        (await insertUser(tx, {
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          signupStatus: 'partial',
          accountStatus: 'pending-activation',
        }));

      const member = await findMember(tx, tenantId, user.id);
      let memberInvited = member?.membershipStatus === 'invited';
      if (!member) {
        const status = user.signupStatus === 'complete' ? 'active' : 'invited';
        memberInvited = status === 'invited';
        const attributes: MemberAttributes = { ...DEFAULT_ATTRIBUTES.member, 'institution:manage': true };
        const created = await insertMember(tx, {
          tenantId,
          user: { ...user, firstname: user.firstname ?? body.firstname, lastname: user.lastname ?? body.lastname },
          role: 'member',
          attributes,
          membershipStatus: status,
        });
        await recordEvent(tx, {
          tenantId,
          type: 'invite',
          entity: created.id,
          entityType: 'tenant-member',
          userId: auth.user.id,
          message: `${actorOf(auth)} ${status === 'active' ? 'added' : 'invited'} ${user.email} as member, for the team of ${institution.name}`,
          meta: {
            change: {
              role: { old: null, new: 'member' },
              membershipStatus: { old: null, new: status },
              attributes: { old: null, new: attributes },
            },
          },
          refs: [
            { entity: user.id, entityType: 'user' },
            { entity: institutionId, entityType: 'tenant-institution' },
          ],
        });
      } else if (member.attributes['institution:manage'] !== true) {
        const attributes = { ...member.attributes, 'institution:manage': true };
        await updateMember(tx, tenantId, member.id, { attributes });
        await recordEvent(tx, {
          tenantId,
          type: 'access',
          entity: member.id,
          entityType: 'tenant-member',
          userId: auth.user.id,
          message: `${actorOf(auth)} let ${user.email} manage institutions, for the team of ${institution.name}`,
          meta: { change: { attributes: { old: member.attributes, new: attributes } } },
          refs: [
            { entity: user.id, entityType: 'user' },
            { entity: institutionId, entityType: 'tenant-institution' },
          ],
        });
      }

      const id = newId();
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      await insertRoleAssignment(tx, {
        tenantId,
        id,
        userId: user.id,
        entityType: 'institution',
        entityId: institutionId,
        role: body.role,
        expiresAt,
        createdBy: auth.user.id,
      });
      await recordEvent(tx, {
        tenantId,
        type: 'invite',
        entity: institutionId,
        entityType: 'tenant-institution',
        userId: auth.user.id,
        message: `${actorOf(auth)} ${user.signupStatus === 'partial' ? 'invited' : 'added'} ${user.email} to the team as ${roleLabel(body.role)}`,
        meta: { change: { team: { old: null, new: { email: user.email, role: body.role, expiresAt: expiresAt?.toISOString() ?? null } } } },
        refs: [{ entity: user.id, entityType: 'user' }],
      });

      const token =
        user.signupStatus === 'partial' && memberInvited
          ? await issueInviteToken(deps, tx, tenantId, user, {
              firstname: user.firstname ?? body.firstname,
              lastname: user.lastname ?? body.lastname,
            })
          : null;
      return { id, token, email: user.email, institutionName: institution.name };
    })
    .catch((error: unknown) => {
      // Two invitations of the same person at once: the second meets the team's unique key.
      if (isUniqueViolation(error)) throw new AppError('conflict', `${body.email} is already on the team`);
      throw error;
    });

  const mail = result.token
    ? teamInviteMail(
        site.tenant.name,
        result.institutionName,
        actorOf(auth),
        roleLabel(body.role),
        `${site.origin}/invite-accept?token=${encodeURIComponent(result.token)}`,
        INVITE_TTL_SECONDS / 86_400,
      )
    : teamAddedMail(site.tenant.name, result.institutionName, actorOf(auth), roleLabel(body.role), `${site.origin}/signin`);
  await deps.mailer.send({ to: result.email, tenantId: auth.tenantId, ...mail });
  return toTeamMember(await loadRow(deps.db, auth, institutionId, result.id));
}

/** POST …/team/{memberId}/resend-invite: only while the account is not set up yet; earlier links stop working. */
export async function resendTeamInvite(
  deps: AuthDeps,
  site: CallSite,
  auth: AuthContext,
  institutionId: string,
  id: string,
): Promise<TeamMember> {
  const result = await deps.db.transaction(async (tx) => {
    const { institution } = await requireTeamManager(tx, auth, institutionId);
    const row = await loadRow(tx, auth, institutionId, id);
    if (row.signupStatus !== 'partial')
      throw new AppError('bad-request', 'This team member has already accepted: there is no invitation to resend');
    const member = await findMember(tx, auth.tenantId, row.assignment.userId);
    if (member?.membershipStatus !== 'invited') {
      throw new AppError(
        'bad-request',
        'Only invited people can be sent the invitation again: their membership of the organization is no longer invited',
      );
    }
    const token = await issueInviteToken(deps, tx, auth.tenantId, { id: row.assignment.userId, email: row.email }, row);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'invite',
      entity: institutionId,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: `${actorOf(auth)} resent the team invitation to ${row.email}`,
      refs: [{ entity: row.assignment.userId, entityType: 'user' }],
    });
    return { row, token, institutionName: institution.name };
  });
  const url = `${site.origin}/invite-accept?token=${encodeURIComponent(result.token)}`;
  const role = roleLabel(result.row.assignment.role as InstitutionTeamRole);
  await deps.mailer.send({
    to: result.row.email,
    tenantId: auth.tenantId,
    ...teamInviteMail(site.tenant.name, result.institutionName, actorOf(auth), role, url, INVITE_TTL_SECONDS / 86_400),
  });
  return toTeamMember(result.row);
}

/** PUT …/team/{memberId}/role: making or unmaking an owner needs an owner; the last owner stays one. */
export async function updateTeamRole(
  db: DbOrTx,
  auth: AuthContext,
  institutionId: string,
  id: string,
  role: InstitutionTeamRole,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const access = await requireTeamManager(tx, auth, institutionId);
    const row = await loadRow(tx, auth, institutionId, id);
    if (role === 'owner' || row.assignment.role === 'owner') requireOwnerManager(access);
    if (row.assignment.role === role) return toTeamMember(row);
    await keepAnOwner(tx, auth, institutionId, row);
    await updateRoleAssignment(tx, auth.tenantId, id, { role });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'access',
      entity: institutionId,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: `${actorOf(auth)} made ${nameOf(row)} ${roleLabel(role)} of the team`,
      meta: { change: { [`team.${row.email}.role`]: { old: row.assignment.role, new: role } } },
      refs: [{ entity: row.assignment.userId, entityType: 'user' }],
    });
    return toTeamMember(await loadRow(tx, auth, institutionId, id));
  });
}

/** DELETE …/team/{memberId}: irreversible; the person stays a member of the tenant. Removing an owner needs an owner; the last owner stays. */
export async function removeTeamMember(db: DbOrTx, auth: AuthContext, institutionId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireTeamManager(tx, auth, institutionId);
    const row = await loadRow(tx, auth, institutionId, id);
    if (row.assignment.role === 'owner') requireOwnerManager(access);
    await keepAnOwner(tx, auth, institutionId, row);
    await deleteRoleAssignment(tx, auth.tenantId, id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: institutionId,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: `${actorOf(auth)} removed ${nameOf(row)} from the team`,
      meta: { delete: { email: row.email, role: row.assignment.role, expiresAt: row.assignment.expiresAt?.toISOString() ?? null } },
      refs: [{ entity: row.assignment.userId, entityType: 'user' }],
    });
  });
}
