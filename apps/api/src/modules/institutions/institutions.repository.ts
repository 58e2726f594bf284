import {
  EMPTY_CONTACT,
  imageUrl,
  isPendingMembership,
  type Institution,
  type InstitutionTeamRole,
  type List,
  type MembershipStatus,
  type TeamMember,
  type institutionListQuery,
} from '@tessera/domain';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  images,
  institutions,
  offers,
  roleAssignments,
  tenantMembers,
  users,
  type InstitutionRow,
  type RoleAssignmentRow,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf, pageMeta } from '../../lib/pagination.ts';

/** What a list row carries besides the institution: its offer count and whether the caller is on its team. */
export interface InstitutionExtras {
  offersCount: number;
  isTeamMember: boolean;
}

/** The logo: the first visible image with purpose logo, in order. */
function logoOf(row: InstitutionRow): string | null {
  const logo = [...row.images].sort((a, b) => a.position - b.position).find((i) => i.purpose === 'logo' && !i.hidden);
  return logo ? imageUrl(logo.image) : null;
}

/** The API shape; `showSlug` is false for everyone but owners and platform admins (002 §5). */
export function toInstitution(row: InstitutionRow, extras: InstitutionExtras, showSlug: boolean): Institution {
  return {
    _id: row.id,
    name: row.name,
    slug: showSlug ? row.slug : null,
    type: row.type,
    description: row.description,
    descriptionShort: row.descriptionShort,
    customMetrics: [...row.customMetrics].sort((a, b) => a.position - b.position),
    images: [...row.images].sort((a, b) => a.position - b.position).map((i) => ({ ...i, url: imageUrl(i.image) })),
    videos: [...row.videos].sort((a, b) => a.position - b.position),
    contact: row.contact ?? EMPTY_CONTACT,
    logoUrl: logoOf(row),
    offersCount: extras.offersCount,
    isTeamMember: extras.isTeamMember,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An unexpired team membership of `userId` on the institution of the outer row. */
const onTeam = (db: DbOrTx, userId: string, now: Date) =>
  db
    .select({ one: sql`1` })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, institutions.tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.entityId, institutions.id),
        eq(roleAssignments.userId, userId),
        unexpiredAssignment(now),
      ),
    );

/** The offers per institution of a tenant, one grouped sub-query joined to the rows (no query per row). */
const offerCounts = (db: DbOrTx, tenantId: string) =>
  db
    .select({ institutionId: offers.institutionId, total: sql<number>`count(*)::int`.as('total') })
    .from(offers)
    .where(eq(offers.tenantId, tenantId))
    .groupBy(offers.institutionId)
    .as('offer_counts');

export interface ListOptions {
  /** Only institutions the user is on the team of. */
  teamOnly: boolean;
  /** Owners may search the slug too. */
  searchSlug: boolean;
}

export async function listInstitutions(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  q: z.output<typeof institutionListQuery>,
  options: ListOptions,
  now = new Date(),
): Promise<List<{ row: InstitutionRow } & InstitutionExtras>> {
  const conditions: SQL[] = [eq(institutions.tenantId, tenantId)];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      options.searchSlug ? or(ilike(institutions.name, pattern), ilike(institutions.slug, pattern))! : ilike(institutions.name, pattern),
    );
  }
  if (q.type) conditions.push(eq(institutions.type, q.type));
  if (options.teamOnly) conditions.push(sql`exists (${onTeam(db, userId, now)})`);
  const where = and(...conditions);
  const order = q.direction === 'asc' ? asc : desc;
  const column = { createdAt: institutions.createdAt, name: sql`lower(${institutions.name})`, updatedAt: institutions.updatedAt }[q.sort];
  const counts = offerCounts(db, tenantId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        row: institutions,
        offersCount: sql<number>`coalesce(${counts.total}, 0)::int`,
        isTeamMember: sql<boolean>`exists (${onTeam(db, userId, now)})`,
      })
      .from(institutions)
      .leftJoin(counts, eq(counts.institutionId, institutions.id))
      .where(where)
      .orderBy(order(column), order(institutions.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(institutions).where(where),
  ]);
  return { data: rows, meta: pageMeta(q, count?.total ?? 0) };
}

/** One institution with its offer count and whether the user is on its team (never, for an API key: no user). */
export async function findInstitutionWithExtras(db: DbOrTx, tenantId: string, id: string, userId: string | null, now = new Date()) {
  const [found] = await db
    .select({
      row: institutions,
      // Qualified by hand: drizzle writes bare column names in a single-table select, so `id` would mean the offer's own id.
      offersCount: sql<number>`(select count(*)::int from offers o where o.tenant_id = "institutions"."tenant_id" and o.institution_id = "institutions"."id")`,
      isTeamMember: userId ? sql<boolean>`exists (${onTeam(db, userId, now)})` : sql<boolean>`false`,
    })
    .from(institutions)
    .where(and(eq(institutions.tenantId, tenantId), eq(institutions.id, id)))
    .limit(1);
  return found;
}

/** Whether another institution of the tenant already uses the slug (compared case-insensitively, as the unique index does). */
export async function slugTaken(db: DbOrTx, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(institutions.tenantId, tenantId), eq(sql`lower(${institutions.slug})`, slug.toLowerCase())];
  if (exceptId) conditions.push(ne(institutions.id, exceptId));
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertInstitution(db: DbOrTx, values: typeof institutions.$inferInsert): Promise<InstitutionRow> {
  const [row] = await db.insert(institutions).values(values).returning();
  return row!;
}

export async function updateInstitution(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<Omit<InstitutionRow, 'tenantId' | 'id' | 'createdAt'>>,
): Promise<InstitutionRow> {
  const [row] = await db
    .update(institutions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(institutions.tenantId, tenantId), eq(institutions.id, id)))
    .returning();
  return row!;
}

/** Deletes the institution (its offers go with it through the foreign key) and its team. */
export async function deleteInstitution(db: DbOrTx, tenantId: string, id: string): Promise<{ offers: number; team: number }> {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.institutionId, id)));
  const team = await db
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.tenantId, tenantId), eq(roleAssignments.entityType, 'institution'), eq(roleAssignments.entityId, id)))
    .returning({ id: roleAssignments.id });
  await db.delete(institutions).where(and(eq(institutions.tenantId, tenantId), eq(institutions.id, id)));
  return { offers: counted?.total ?? 0, team: team.length };
}

/** The ids among `ids` that are images of the tenant. */
export async function existingImageIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), inArray(images.id, ids)));
  return new Set(rows.map((r) => r.id));
}

// ── Team (role_assignments rows with entity_type 'institution') ──────────────────────────────

const teamFields = {
  assignment: roleAssignments,
  email: users.email,
  firstname: sql<string | null>`coalesce(${tenantMembers.firstname}, ${users.firstname})`,
  lastname: sql<string | null>`coalesce(${tenantMembers.lastname}, ${users.lastname})`,
  signupStatus: users.signupStatus,
  membershipStatus: tenantMembers.membershipStatus,
};
export interface TeamRow {
  assignment: RoleAssignmentRow;
  email: string;
  firstname: string | null;
  lastname: string | null;
  signupStatus: string;
  /** Their membership of the tenant, if any. */
  membershipStatus: MembershipStatus | null;
}

/**
 * Whether the person has not accepted yet: their membership of the tenant is still an invitation (or they have not
 * set up a new account). Until then the team knows only the names typed and the e-mail, never the account.
 */
export function isPendingTeamRow(r: Pick<TeamRow, 'signupStatus' | 'membershipStatus'>): boolean {
  return r.signupStatus === 'partial' || (r.membershipStatus !== null && isPendingMembership(r.membershipStatus));
}

/** A person is invited on the team until they have accepted the invitation to the tenant. */
export function toTeamMember(r: TeamRow): TeamMember {
  const pending = isPendingTeamRow(r);
  return {
    _id: r.assignment.id,
    institution: r.assignment.entityId,
    subject: { _id: pending ? null : r.assignment.userId, email: r.email, firstname: r.firstname, lastname: r.lastname },
    role: r.assignment.role as InstitutionTeamRole,
    status: pending ? 'invited' : 'active',
    expiresAt: r.assignment.expiresAt?.toISOString() ?? null,
    createdAt: r.assignment.createdAt.toISOString(),
    updatedAt: r.assignment.updatedAt.toISOString(),
  };
}

/** A role assignment that has not expired at `now`: a live place on a team. */
export const unexpiredAssignment = (now: Date) => or(isNull(roleAssignments.expiresAt), gt(roleAssignments.expiresAt, now))!;

const teamOf = (tenantId: string, institutionId: string) =>
  and(eq(roleAssignments.tenantId, tenantId), eq(roleAssignments.entityType, 'institution'), eq(roleAssignments.entityId, institutionId));

function selectTeam(db: DbOrTx) {
  return db
    .select(teamFields)
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, roleAssignments.tenantId), eq(tenantMembers.userId, roleAssignments.userId)));
}

export async function listTeam(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  q: { page: number; limit: number },
): Promise<List<TeamMember>> {
  const where = teamOf(tenantId, institutionId);
  const [rows, [count]] = await Promise.all([
    selectTeam(db).where(where).orderBy(desc(roleAssignments.createdAt), desc(roleAssignments.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(roleAssignments).where(where),
  ]);
  return { data: rows.map(toTeamMember), meta: pageMeta(q, count?.total ?? 0) };
}

export async function findTeamRow(db: DbOrTx, tenantId: string, institutionId: string, id: string): Promise<TeamRow | undefined> {
  const [row] = await selectTeam(db)
    .where(and(teamOf(tenantId, institutionId), eq(roleAssignments.id, id)))
    .limit(1);
  return row;
}

/** Any membership row (expired ones too) of the user on the institution's team. */
export async function findTeamRowOfUser(db: DbOrTx, tenantId: string, institutionId: string, userId: string): Promise<TeamRow | undefined> {
  const [row] = await selectTeam(db)
    .where(and(teamOf(tenantId, institutionId), eq(roleAssignments.userId, userId)))
    .limit(1);
  return row;
}

/**
 * The ids of the team's unexpired owners other than `exceptId`, locked until the transaction ends so two
 * concurrent demotions cannot both see the other owner and leave the team without one.
 */
export async function lockOtherActiveOwners(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  exceptId: string,
  now = new Date(),
): Promise<string[]> {
  const rows = await db
    .select({ id: roleAssignments.id })
    .from(roleAssignments)
    .where(
      and(teamOf(tenantId, institutionId), eq(roleAssignments.role, 'owner'), ne(roleAssignments.id, exceptId), unexpiredAssignment(now)),
    )
    .for('update');
  return rows.map((r) => r.id);
}

// Role assignments (an institution's team, and the roles a platform admin gives on other entities) are written here only.
export async function insertRoleAssignment(db: DbOrTx, values: typeof roleAssignments.$inferInsert): Promise<RoleAssignmentRow> {
  const [row] = await db.insert(roleAssignments).values(values).returning();
  return row!;
}

export async function updateRoleAssignment(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<Pick<RoleAssignmentRow, 'role' | 'expiresAt'>>,
): Promise<RoleAssignmentRow> {
  const [row] = await db
    .update(roleAssignments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roleAssignments.tenantId, tenantId), eq(roleAssignments.id, id)))
    .returning();
  return row!;
}

export async function deleteRoleAssignment(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(roleAssignments).where(and(eq(roleAssignments.tenantId, tenantId), eq(roleAssignments.id, id)));
}

/** Everyone on an unexpired team place of an institution whose team the user is on (unexpired), the user included. */
export async function listTeammateIds(db: DbOrTx, tenantId: string, userId: string, now: Date): Promise<string[]> {
  const unexpired = unexpiredAssignment(now);
  const institutionsOfUser = db
    .select({ id: roleAssignments.entityId })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.userId, userId),
        unexpired,
      ),
    );
  const rows = await db
    .selectDistinct({ id: roleAssignments.userId })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        inArray(roleAssignments.entityId, institutionsOfUser),
        unexpired,
      ),
    );
  return rows.map((r) => r.id);
}

/** The e-mail addresses of an institution's team (unexpired assignments): whom news of the institution's offers goes to. */
export async function listTeamEmails(db: DbOrTx, tenantId: string, institutionId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .where(and(teamOf(tenantId, institutionId), unexpiredAssignment(now)));
  return rows.map((r) => r.email).sort();
}
