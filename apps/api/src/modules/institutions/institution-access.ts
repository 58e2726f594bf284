import { hasPermission, RAISE_MODE_REFUSED, type InstitutionTeamRole } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { institutions, roleAssignments, type InstitutionRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AnyCaller, AuthContext } from '../../lib/auth-context.ts';
import { unexpiredAssignment } from './institutions.repository.ts';

/**
 * Who may work on an institution (002 §1, §6), checked at the start of every institution and offer service:
 * - the tenant's active owners and platform admins: every institution of the tenant, and the owner-only
 *   actions (offer approval, marketplace visibility, creating and deleting institutions);
 * - GPs: members whose institution:manage attribute is true, on the institutions whose team they are on
 *   (an unexpired role assignment); any other institution is a 404 to them, as if it did not exist;
 * - everyone else: 403 RAISE_MODE_REFUSED ('To access the GP / Institution mode, you must contact your admin.').
 * On the routes that accept keys, a tenant's private API key acts as an owner and an institution's private key reaches its
 * own institution only (requireInstitution).
 */

/** Who may read an institution: a person (checked as above), the tenant's private API key or the institution's own. */
export type InstitutionReader = AnyCaller;

export function isTenantOwner(auth: AuthContext): boolean {
  return auth.isPlatformAdmin || (auth.member?.role === 'owner' && auth.member.membershipStatus === 'active');
}

export function canUseRaiseMode(auth: AuthContext): boolean {
  if (isTenantOwner(auth)) return true;
  return (
    auth.member?.membershipStatus === 'active' &&
    hasPermission(
      { rbac: { _id: auth.member.id, role: auth.member.role, attributes: auth.member.attributes, expiresAt: null } },
      'institution:manage',
    )
  );
}

/** The access note (`config.accessNote`) of every route whose service starts with requireRaiseMode: what it refuses beyond signed-in. */
export const RAISE_MODE_NOTE = `Raise mode only: the tenant's owners and members with the institution:manage flag; any other member (an investor, say) gets 403 '${RAISE_MODE_REFUSED}'.`;

/** The access note of the routes whose service also calls requireTenantOwner. */
export const OWNERS_ONLY_NOTE =
  "Only the tenant's owners (and platform admins); anyone else gets 403 (a GP off the institution's team gets 404 where an institution or offer is named).";

/** 403 unless the caller may use Raise mode at all. */
export function requireRaiseMode(auth: AuthContext): void {
  if (!canUseRaiseMode(auth)) throw forbidden(RAISE_MODE_REFUSED);
}

/** 403 unless the caller is one of the tenant's owners (or a platform admin). */
export function requireTenantOwner(auth: AuthContext, message = 'Only the organization owners can do this'): void {
  if (!isTenantOwner(auth)) throw forbidden(message);
}

/** Whether the user is on the team of any institution of the tenant (an unexpired role assignment): the MFA policy asks. */
export async function isOnAnyInstitutionTeam(db: DbOrTx, tenantId: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: roleAssignments.id })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.userId, userId),
        unexpiredAssignment(now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Every tenant where the user is on an institution's team (an unexpired role assignment): the marketplaces that show
 * their name (users' names are global, a team is a tenant's), so a name change reaches each of them (#25).
 */
export async function teamTenantsOfUserUnscoped(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  return withCrossTenant("a person's name shows on the marketplace of every tenant whose institution team they are on", async () => {
    const rows = await db
      .selectDistinct({ tenantId: roleAssignments.tenantId })
      .from(roleAssignments)
      .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.entityType, 'institution'), unexpiredAssignment(now)));
    return rows.map((r) => r.tenantId);
  });
}

/** The caller's unexpired team role on an institution, or null. */
async function teamRoleOf(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  userId: string,
  now = new Date(),
): Promise<InstitutionTeamRole | null> {
  const [row] = await db
    .select({ role: roleAssignments.role })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.entityId, institutionId),
        eq(roleAssignments.userId, userId),
        unexpiredAssignment(now),
      ),
    )
    .limit(1);
  return (row?.role as InstitutionTeamRole | undefined) ?? null;
}

export interface InstitutionAccess {
  institution: InstitutionRow;
  /** Owner or platform admin. */
  isOwner: boolean;
  /** The caller's team role; null for owners who are not on the team. */
  teamRole: InstitutionTeamRole | null;
}

async function findInstitution(db: DbOrTx, tenantId: string, institutionId: string): Promise<InstitutionRow | undefined> {
  const [institution] = await db
    .select()
    .from(institutions)
    .where(and(eq(institutions.tenantId, tenantId), eq(institutions.id, institutionId)))
    .limit(1);
  return institution;
}

/**
 * Loads an institution of the caller's tenant that the caller may work on, or throws 403/404 as above. On the routes
 * that accept keys, a tenant's private API key works on every institution of the tenant, as its owners do; an
 * institution's key on its own institution only (any other is not found), as an editor of its team.
 */
export async function requireInstitution(db: DbOrTx, auth: AnyCaller, institutionId: string): Promise<InstitutionAccess> {
  if (auth.apiKey) {
    const own = auth.institutionId === null || auth.institutionId === institutionId;
    const institution = own ? await findInstitution(db, auth.tenantId, institutionId) : undefined;
    if (!institution) throw notFound('Institution');
    return auth.institutionId === null
      ? { institution, isOwner: true, teamRole: null }
      : { institution, isOwner: false, teamRole: 'editor' };
  }
  requireRaiseMode(auth);
  const institution = await findInstitution(db, auth.tenantId, institutionId);
  if (!institution) throw notFound('Institution');
  const teamRole = await teamRoleOf(db, auth.tenantId, institutionId, auth.user.id);
  const isOwner = isTenantOwner(auth);
  if (!isOwner && !teamRole) throw notFound('Institution');
  return { institution, isOwner, teamRole };
}

const VIEWER_READ_ONLY = 'Viewers of an institution can look but not change it';

/** Owners, platform admins and the team's owners, members and editors may change an institution; viewers only look. */
export function requireEditor(access: InstitutionAccess, refusal = VIEWER_READ_ONLY): void {
  if (!access.isOwner && access.teamRole === 'viewer') throw forbidden(refusal);
}
