import {
  isPendingMembership,
  type MemberAttributes,
  type MembershipStatus,
  type SignupStatus,
  type TenantMember,
  type TenantMemberAdmin,
  type TenantRole,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantMembers, type TenantMemberRow, type UserRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export async function findMember(db: DbOrTx, tenantId: string, userId: string): Promise<TenantMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantMembers)
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)))
    .limit(1);
  return row;
}

export interface NewMember {
  tenantId: string;
  user: Pick<UserRow, 'id' | 'firstname' | 'middlename' | 'lastname'>;
  role: TenantRole;
  attributes: MemberAttributes;
  membershipStatus: MembershipStatus;
  expiresAt?: Date | null;
}

export async function insertMember(db: DbOrTx, m: NewMember): Promise<TenantMemberRow> {
  const [row] = await db
    .insert(tenantMembers)
    .values({
      tenantId: m.tenantId,
      id: newId(),
      userId: m.user.id,
      firstname: m.user.firstname,
      middlename: m.user.middlename,
      lastname: m.user.lastname,
      membershipStatus: m.membershipStatus,
      rbacId: newId(),
      role: m.role,
      attributes: m.attributes,
      expiresAt: m.expiresAt ?? null,
      preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    })
    .returning();
  return row!;
}

export async function updateMember(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<Omit<TenantMemberRow, 'tenantId' | 'id' | 'userId' | 'createdAt'>>,
): Promise<TenantMemberRow> {
  const [row] = await db
    .update(tenantMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.id, id)))
    .returning();
  return row!;
}

export async function deleteMemberRow(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(tenantMembers).where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.id, id)));
}

export function toTenantMember(row: TenantMemberRow, email: string): TenantMember {
  return {
    _id: row.id,
    tenant: row.tenantId,
    user: row.userId,
    firstname: row.firstname,
    middlename: row.middlename,
    lastname: row.lastname,
    email,
    image: row.image,
    tags: row.tags,
    groups: [],
    membershipStatus: row.membershipStatus,
    rbac: { _id: row.rbacId, role: row.role, attributes: row.attributes, expiresAt: row.expiresAt?.toISOString() ?? null },
    preferences: row.preferences,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A membership as the tenant's owners see it. Until the invitation is accepted the tenant knows only what the inviter
 * typed: the account is not named (its id would tell when it was made) and the status reads partial, whether or not
 * the address has an account elsewhere (issue #21).
 */
export function toTenantMemberAdmin(
  row: TenantMemberRow,
  user: { email: string; signupStatus: SignupStatus },
  groups: string[] = [],
): TenantMemberAdmin {
  const pending = isPendingMembership(row.membershipStatus);
  return {
    ...toTenantMember(row, user.email),
    user: pending ? null : row.userId,
    groups,
    signupStatus: pending ? 'partial' : user.signupStatus,
  };
}

/** The attribute flags each role starts with; a tenant admin can change them per member. */
export const DEFAULT_ATTRIBUTES: Record<TenantRole, MemberAttributes> = {
  owner: { 'institution:manage': true, 'investment:make': true, 'marketplace:view': true },
  editor: { 'institution:manage': true, 'investment:make': true, 'marketplace:view': true },
  member: { 'institution:manage': false, 'investment:make': true, 'marketplace:view': true },
  investor: { 'institution:manage': false, 'investment:make': true, 'marketplace:view': true },
  viewer: { 'institution:manage': false, 'investment:make': false, 'marketplace:view': true },
  invited: { 'institution:manage': false, 'investment:make': false, 'marketplace:view': true },
  evaluator: { 'institution:manage': false, 'investment:make': false, 'marketplace:view': false },
};
