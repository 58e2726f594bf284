import type { DashboardScale, LeadAccountStatus, leadListQuery, MembershipStatus, PageQuery, TenantRole } from '@tessera/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  images,
  tenantLeadDocuments,
  tenantLeadNotes,
  tenantLeads,
  tenantMembers,
  users,
  workflows,
  type NewTenantLeadRow,
  type TenantLeadNoteRow,
  type TenantLeadRow,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';
import { utcBucketStart } from '../../lib/time-buckets.ts';

/**
 * The leads module's queries. A lead is read with its tenant member (left join) and its note and workflow counts
 * (correlated counts), so a page of the list is one query however many rows it holds.
 */

const member = {
  id: tenantMembers.id,
  userId: tenantMembers.userId,
  membershipStatus: tenantMembers.membershipStatus,
  role: tenantMembers.role,
};
const notesCount = sql<number>`(select count(*)::int from ${tenantLeadNotes} where ${tenantLeadNotes.tenantId} = ${tenantLeads.tenantId} and ${tenantLeadNotes.leadId} = ${tenantLeads.id})`;
// The workflows of the lead's person in the lead's institution's offers.
const workflowsCount = sql<number>`(select count(*)::int from ${workflows} where ${workflows.tenantId} = ${tenantLeads.tenantId} and ${workflows.institutionId} = ${tenantLeads.institutionId} and ${workflows.ownerId} = ${tenantMembers.userId})`;

export const leadViewFields = { lead: tenantLeads, member, notesCount, workflowsCount };
export interface LeadViewRow {
  lead: TenantLeadRow;
  member: { id: string; userId: string; membershipStatus: MembershipStatus; role: TenantRole } | null;
  notesCount: number;
  workflowsCount: number;
}

const memberJoin = and(eq(tenantMembers.tenantId, tenantLeads.tenantId), eq(tenantMembers.id, tenantLeads.tenantMemberId));

/** The account status of a lead as SQL: its member's membership status, or 'none'. */
const accountStatus = sql<LeadAccountStatus>`coalesce(${tenantMembers.membershipStatus}, 'none')`;

export async function findLeadView(db: DbOrTx, tenantId: string, id: string): Promise<LeadViewRow | undefined> {
  const [row] = await db
    .select(leadViewFields)
    .from(tenantLeads)
    .leftJoin(tenantMembers, memberJoin)
    .where(and(eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.id, id)))
    .limit(1);
  return row as LeadViewRow | undefined;
}

type ListQuery = z.output<typeof leadListQuery>;

function listConditions(tenantId: string, q: ListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.institutionId, q.institution)];
  if (q.role) conditions.push(eq(tenantMembers.role, q.role));
  if (q.status) conditions.push(q.status === 'none' ? isNull(tenantMembers.id) : eq(tenantMembers.membershipStatus, q.status));
  if (q.email) conditions.push(ilike(tenantLeads.email, likePattern(q.email)));
  if (q.firstname) conditions.push(ilike(tenantLeads.firstname, likePattern(q.firstname)));
  if (q.lastname) conditions.push(ilike(tenantLeads.lastname, likePattern(q.lastname)));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        ilike(tenantLeads.email, pattern),
        ilike(tenantLeads.firstname, pattern),
        ilike(tenantLeads.lastname, pattern),
        ilike(tenantLeads.company, pattern),
        ilike(sql`concat_ws(' ', ${tenantLeads.firstname}, ${tenantLeads.lastname})`, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** One page of an institution's leads and the total, in two queries. */
export async function listLeadViews(db: DbOrTx, tenantId: string, q: ListQuery): Promise<{ rows: LeadViewRow[]; total: number }> {
  const where = listConditions(tenantId, q);
  const order = q.direction === 'asc' ? asc : desc;
  const columns: Record<ListQuery['sort'], SQL[]> = {
    createdAt: [order(tenantLeads.createdAt)],
    updatedAt: [order(tenantLeads.updatedAt)],
    name: [order(sql`lower(${tenantLeads.lastname})`), order(sql`lower(${tenantLeads.firstname})`)],
    email: [order(tenantLeads.email)],
  };
  const [rows, [counted]] = await Promise.all([
    db
      .select(leadViewFields)
      .from(tenantLeads)
      .leftJoin(tenantMembers, memberJoin)
      .where(where)
      .orderBy(...columns[q.sort], order(tenantLeads.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(tenantLeads).leftJoin(tenantMembers, memberJoin).where(where),
  ]);
  return { rows: rows as LeadViewRow[], total: counted?.total ?? 0 };
}

export async function insertLead(db: DbOrTx, values: NewTenantLeadRow): Promise<TenantLeadRow> {
  const [row] = await db.insert(tenantLeads).values(values).returning();
  return row!;
}

export async function updateLead(db: DbOrTx, tenantId: string, id: string, values: Partial<TenantLeadRow>): Promise<void> {
  await db
    .update(tenantLeads)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(and(eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.id, id)));
}

/** The lead with its notes and shared-document links; what was removed. */
export async function deleteLeadRows(db: DbOrTx, tenantId: string, id: string): Promise<{ notes: number; documents: number }> {
  const notes = await db
    .delete(tenantLeadNotes)
    .where(and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.leadId, id)))
    .returning({ id: tenantLeadNotes.id });
  const documents = await db
    .delete(tenantLeadDocuments)
    .where(and(eq(tenantLeadDocuments.tenantId, tenantId), eq(tenantLeadDocuments.leadId, id)))
    .returning({ id: tenantLeadDocuments.documentId });
  await db.delete(tenantLeads).where(and(eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.id, id)));
  return { notes: notes.length, documents: documents.length };
}

/** Whether another lead of the institution has the e-mail. */
export async function emailTaken(db: DbOrTx, tenantId: string, institutionId: string, email: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenantLeads.id })
    .from(tenantLeads)
    .where(
      and(
        eq(tenantLeads.tenantId, tenantId),
        eq(tenantLeads.institutionId, institutionId),
        eq(tenantLeads.email, email),
        except ? sql`${tenantLeads.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The active or invited membership of the tenant whose account has the e-mail (lower-cased), if any. */
export async function memberOfEmail(db: DbOrTx, tenantId: string, email: string): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: tenantMembers.id, userId: tenantMembers.userId })
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .where(
      and(
        eq(tenantMembers.tenantId, tenantId),
        inArray(tenantMembers.membershipStatus, ['active', 'invited']),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

export async function imageExists(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)))
    .limit(1);
  return Boolean(row);
}

// ── Notes ──────────────────────────────────────────────────────────────────────────────

const authorName = sql<
  string | null
>`coalesce(nullif(trim(${users.displayname}), ''), nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.email})`;
export interface NoteWithAuthor {
  note: TenantLeadNoteRow;
  authorName: string | null;
}

/** A lead's notes, newest first, with their authors' names; `leadIds` of several leads answers each lead's newest `limit`. */
export async function listNotes(
  db: DbOrTx,
  tenantId: string,
  leadId: string,
  page: PageQuery,
): Promise<{ rows: NoteWithAuthor[]; total: number }> {
  const where = and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.leadId, leadId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ note: tenantLeadNotes, authorName })
      .from(tenantLeadNotes)
      .leftJoin(users, eq(users.id, tenantLeadNotes.createdBy))
      .where(where)
      .orderBy(desc(tenantLeadNotes.createdAt), desc(tenantLeadNotes.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(tenantLeadNotes).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findNote(db: DbOrTx, tenantId: string, leadId: string, id: string): Promise<TenantLeadNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantLeadNotes)
    .where(and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.leadId, leadId), eq(tenantLeadNotes.id, id)))
    .limit(1);
  return row;
}

export async function findNoteWithAuthor(db: DbOrTx, tenantId: string, id: string): Promise<NoteWithAuthor | undefined> {
  const [row] = await db
    .select({ note: tenantLeadNotes, authorName })
    .from(tenantLeadNotes)
    .leftJoin(users, eq(users.id, tenantLeadNotes.createdBy))
    .where(and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.id, id)))
    .limit(1);
  return row;
}

export async function insertNote(db: DbOrTx, values: typeof tenantLeadNotes.$inferInsert): Promise<void> {
  await db.insert(tenantLeadNotes).values(values);
}

export async function updateNote(db: DbOrTx, tenantId: string, id: string, content: string, now: Date): Promise<void> {
  await db
    .update(tenantLeadNotes)
    .set({ content, updatedAt: now })
    .where(and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.id, id)));
}

export async function deleteNote(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(tenantLeadNotes).where(and(eq(tenantLeadNotes.tenantId, tenantId), eq(tenantLeadNotes.id, id)));
}

// ── Stats ──────────────────────────────────────────────────────────────────────────────

/** Leads created per UTC bucket of `scale` in the window (buckets without leads are absent), in one grouped query. */
export async function countLeadsPerBucket(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  start: Date,
  end: Date,
  scale: DashboardScale,
): Promise<Map<string, number>> {
  const bucket = utcBucketStart(tenantLeads.createdAt, scale);
  const rows = await db
    .select({ bucket, count: sql<number>`count(*)::int` })
    .from(tenantLeads)
    .where(
      and(
        eq(tenantLeads.tenantId, tenantId),
        eq(tenantLeads.institutionId, institutionId),
        gte(tenantLeads.createdAt, start),
        lte(tenantLeads.createdAt, end),
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.bucket, r.count]));
}

/** All the institution's leads per account status. */
export async function countLeadsByStatus(db: DbOrTx, tenantId: string, institutionId: string): Promise<Map<LeadAccountStatus, number>> {
  const rows = await db
    .select({ status: accountStatus, count: sql<number>`count(*)::int` })
    .from(tenantLeads)
    .leftJoin(tenantMembers, memberJoin)
    .where(and(eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.institutionId, institutionId)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.status, r.count]));
}

// ── Automatic leads ────────────────────────────────────────────────────────────────────

/** The person behind an automatic lead: their account's e-mail and names, and their membership of the tenant. */
export async function personOf(
  db: DbOrTx,
  tenantId: string,
  userId: string,
): Promise<
  { email: string; firstname: string | null; lastname: string | null; middlename: string | null; memberId: string | null } | undefined
> {
  const [row] = await db
    .select({
      email: users.email,
      firstname: sql<string | null>`coalesce(nullif(trim(${tenantMembers.firstname}), ''), nullif(trim(${users.firstname}), ''))`,
      lastname: sql<string | null>`coalesce(nullif(trim(${tenantMembers.lastname}), ''), nullif(trim(${users.lastname}), ''))`,
      middlename: tenantMembers.middlename,
      memberId: tenantMembers.id,
    })
    .from(users)
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Inserts the lead, or — when the institution already has a lead with the e-mail — touches its `updated_at` (and links
 * the member if it had none). One statement; `inserted` says which happened.
 */
export async function upsertLead(db: DbOrTx, values: NewTenantLeadRow): Promise<{ id: string; inserted: boolean }> {
  const [row] = await db
    .insert(tenantLeads)
    .values(values)
    .onConflictDoUpdate({
      target: [tenantLeads.tenantId, tenantLeads.institutionId, tenantLeads.email],
      set: {
        updatedAt: sql`now()`,
        tenantMemberId: sql`coalesce(${tenantLeads.tenantMemberId}, excluded.tenant_member_id)`,
      },
    })
    .returning({ id: tenantLeads.id, inserted: sql<boolean>`(xmax = 0)` });
  return row!;
}
