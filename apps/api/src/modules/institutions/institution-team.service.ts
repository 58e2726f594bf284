import {
  institutionTeamRoleLabels,
  isPendingMembership,
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
import { INVITE_TTL_SECONDS, issueInviteLink, type AuthDeps, type CallSite } from '../auth/index.ts';
import { DEFAULT_ATTRIBUTES, findMember, insertMember, updateMember } from '../tenants/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { assertPlanAllows } from '../billing/index.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import { requireInstitution, type InstitutionAccess } from './institution-access.ts';
import { teamAddedMail, teamInviteMail } from './institution-mails.ts';
import {
  deleteRoleAssignment,
  findTeamRow,
  findTeamRowOfUser,
  insertRoleAssignment,
  isPendingTeamRow,
  listTeam as listTeamRows,
  lockOtherActiveOwners,
  toTeamMember,
  updateRoleAssignment,
  type TeamRow,
} from './institutions.repository.ts';
import { requireEditor } from './institution-access.ts';

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

/** The account a team event refers to; none while the person has not accepted (the tenant does not know it yet). */
const userRefs = (row: TeamRow) => (isPendingTeamRow(row) ? [] : [{ entity: row.assignment.userId, entityType: 'user' as const }]);

/**
 * POST …/team/invite (002 §5). Someone not yet a member of the tenant is invited to it (as member, with
 * institution:manage so they can reach Raise mode) and to the team, and joins once they accept the e-mailed
 * invitation; the answer is the same whether or not the address has an account elsewhere on the platform (issue #21),
 * with the names typed here. A member of the tenant is added at once (an existing member gets the flag); one still
 * invited gets a fresh invitation link. The same e-mail may be on the teams of several institutions.
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
      // Issue #23: the institution's plan limits its team seats (active and invited); an ended trial allows none.
      await assertPlanAllows(tx, tenantId, institutionId, 'seats', deps.clock.now());
      const user =
        existing ??
        (await insertUser(tx, {
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          signupStatus: 'partial',
          accountStatus: 'pending-activation',
        }));

      const institutionRef = { entity: institutionId, entityType: 'tenant-institution' as const };
      const member = await findMember(tx, tenantId, user.id);
      const pending = !member || isPendingMembership(member.membershipStatus);
      let names = { firstname: body.firstname, lastname: body.lastname };
      if (!member) {
        const attributes: MemberAttributes = { ...DEFAULT_ATTRIBUTES.member, 'institution:manage': true };
        const created = await insertMember(tx, {
          tenantId,
          user: { id: user.id, firstname: body.firstname, middlename: null, lastname: body.lastname },
          role: 'member',
          attributes,
          membershipStatus: 'invited',
        });
        await recordEvent(tx, {
          tenantId,
          type: 'invite',
          entity: created.id,
          entityType: 'tenant-member',
          userId: auth.user.id,
          message: `${actorOf(auth)} invited ${user.email} as member, for the team of ${institution.name}`,
          meta: {
            change: {
              role: { old: null, new: 'member' },
              membershipStatus: { old: null, new: 'invited' },
              attributes: { old: null, new: attributes },
            },
          },
          refs: [institutionRef],
        });
      } else {
        names = { firstname: member.firstname ?? '', lastname: member.lastname ?? '' };
        if (member.attributes['institution:manage'] !== true) {
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
            refs: pending ? [institutionRef] : [{ entity: user.id, entityType: 'user' }, institutionRef],
          });
        }
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
        message: `${actorOf(auth)} ${pending ? 'invited' : 'added'} ${user.email} to the team as ${roleLabel(body.role)}`,
        meta: { change: { team: { old: null, new: { email: user.email, role: body.role, expiresAt: expiresAt?.toISOString() ?? null } } } },
        refs: pending ? [] : [{ entity: user.id, entityType: 'user' }],
      });

      // A withdrawn invitation stays withdrawn: the team place waits, but no new link goes out.
      const link = pending && member?.membershipStatus !== 'invite-rejected' ? await issueInviteLink(deps, tx, site, user, names) : null;
      return { id, link, email: user.email, institutionName: institution.name };
    })
    .catch((error: unknown) => {
      // Two invitations of the same person at once: the second meets the team's unique key.
      if (isUniqueViolation(error)) throw new AppError('conflict', `${body.email} is already on the team`);
      throw error;
    });

  const mail = result.link
    ? teamInviteMail(
        site.tenant.name,
        result.institutionName,
        actorOf(auth),
        roleLabel(body.role),
        result.link.url,
        INVITE_TTL_SECONDS / 86_400,
        result.link.account,
      )
    : teamAddedMail(site.tenant.name, result.institutionName, actorOf(auth), roleLabel(body.role), `${site.origin}/signin`);
  await deps.mailer.send({ to: result.email, tenantId: auth.tenantId, ...mail });
  return toTeamMember(await loadRow(deps.db, auth, institutionId, result.id));
}

/** POST …/team/{memberId}/resend-invite: only while the person has not accepted; earlier links stop working. */
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
    if (!isPendingTeamRow(row))
      throw new AppError('bad-request', 'This team member has already accepted: there is no invitation to resend');
    if (row.membershipStatus !== 'invited') {
      throw new AppError(
        'bad-request',
        'Only invited people can be sent the invitation again: their membership of the organization is no longer invited',
      );
    }
    const user = { id: row.assignment.userId, email: row.email, signupStatus: row.signupStatus as UserRow['signupStatus'] };
    const link = await issueInviteLink(deps, tx, site, user, row);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'invite',
      entity: institutionId,
      entityType: 'tenant-institution',
      userId: auth.user.id,
      message: `${actorOf(auth)} resent the team invitation to ${row.email}`,
    });
    return { row, link, institutionName: institution.name };
  });
  const role = roleLabel(result.row.assignment.role as InstitutionTeamRole);
  await deps.mailer.send({
    to: result.row.email,
    tenantId: auth.tenantId,
    ...teamInviteMail(
      site.tenant.name,
      result.institutionName,
      actorOf(auth),
      role,
      result.link.url,
      INVITE_TTL_SECONDS / 86_400,
      result.link.account,
    ),
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
      refs: userRefs(row),
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
      refs: userRefs(row),
    });
  });
}
