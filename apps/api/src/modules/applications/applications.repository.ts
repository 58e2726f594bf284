import {
  approvalExpiry,
  isApprovalExpired,
  userDisplayName,
  type AdminApplicationItem,
  type Application,
  type ApplicationListQuery,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationType,
  type UserRole,
} from '@tessera/domain';
import { and, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { applications, tenants, users, type ApplicationRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

/** The reviewer's account, joined under its own name beside the applicant's. */
export const reviewers = alias(users, 'reviewers');
export const reviewerFields = { _id: reviewers.id, email: reviewers.email, role: reviewers.role };

const applicantFields = {
  id: users.id,
  email: users.email,
  displayname: users.displayname,
  firstname: users.firstname,
  lastname: users.lastname,
};

export interface ApplicationWithReviewer {
  row: ApplicationRow;
  /** Null when nobody reviewed it yet or the reviewer's account is gone (drizzle gives a left join's all-null object as null). */
  reviewer: { _id: string; email: string; role: UserRole } | null;
  /** The applicant's account, where the read joined it (a single application's read does). */
  applicant?: { id: string; email: string; displayname: string | null; firstname: string | null; lastname: string | null } | null;
}

/** `now` decides whether an approval has expired (the app's clock, so tests can move it). */
export function toApplicationSummary({ row, reviewer }: ApplicationWithReviewer, now: Date): ApplicationSummary {
  const approved = row.status === 'approved' && row.reviewedAt !== null;
  return {
    _id: row.id,
    tenant: row.tenantId,
    type: row.type,
    status: row.status,
    user: row.userId,
    business: row.businessId,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer,
    approvalDoc: row.approvalDoc,
    reviewNote: row.reviewNote,
    expiresAt: approved ? approvalExpiry(row.reviewedAt!).toISOString() : null,
    expired: isApprovalExpired(row.status, row.reviewedAt, now),
    verificationMethod: row.verificationMethod,
    certificateCode: row.certificateCode,
    renewedFrom: row.renewedFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toApplication(found: ApplicationWithReviewer, now: Date): Application {
  const { row } = found;
  return {
    ...toApplicationSummary(found, now),
    currentQuestionId: row.currentQuestionId,
    completedQuestionIds: row.completedQuestionIds,
    questionData: row.questionData,
    ...(found.applicant && {
      applicant: { _id: found.applicant.id, email: found.applicant.email, name: userDisplayName(found.applicant) },
    }),
  };
}

async function findOne(db: DbOrTx, where: SQL | undefined): Promise<ApplicationWithReviewer | undefined> {
  const [found] = await db
    .select({ row: applications, reviewer: reviewerFields, applicant: applicantFields })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(where)
    .limit(1);
  return found;
}

export function findApplication(db: DbOrTx, tenantId: string, id: string): Promise<ApplicationWithReviewer | undefined> {
  return findOne(db, and(eq(applications.tenantId, tenantId), eq(applications.id, id)));
}

/** Any tenant's application: for platform admins only. */
export function findApplicationUnscoped(db: DbOrTx, id: string): Promise<ApplicationWithReviewer | undefined> {
  return withCrossTenant("a platform admin reading any tenant's application", async () => findOne(db, eq(applications.id, id)));
}

/** Runs a platform admin's further reads of another tenant's application (its documents, history, business). */
export function readOtherTenantUnscoped<T>(fn: () => Promise<T>): Promise<T> {
  return withCrossTenant("a platform admin reading another tenant's application", fn);
}

/**
 * The status of one application of a tenant as it reads at `now`, or undefined (the onboarding checklist's
 * accreditation step): an approval whose year has passed reads as not approved (null), so it must be renewed.
 */
export async function findApplicationStatus(
  db: DbOrTx,
  tenantId: string,
  id: string,
  now: Date,
): Promise<ApplicationStatus | null | undefined> {
  const [row] = await db
    .select({ status: applications.status, reviewedAt: applications.reviewedAt })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .limit(1);
  if (!row) return undefined;
  return isApprovalExpired(row.status, row.reviewedAt, now) ? null : row.status;
}

/** 001 §4: an application still being filled in or waiting for review; at most one is open per user and type. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = ['not-started', 'in-progress', 'submitted', 'error'];

/** The user's newest open application of a type in a tenant (approved and rejected ones are not open). */
export function findOpenApplication(db: DbOrTx, tenantId: string, userId: string, type: ApplicationType) {
  return db
    .select({ row: applications, reviewer: reviewerFields })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
    .where(
      and(
        eq(applications.tenantId, tenantId),
        eq(applications.userId, userId),
        eq(applications.type, type),
        inArray(applications.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(1)
    .then(([found]) => found);
}

/**
 * A page of a tenant's applications, newest first, with the tenant and applicant of each: one user's (scope mine,
 * applications_user_idx) or every applicant's (scope tenant, applications_tenant_status_created_idx), by status and
 * type, searched over the applicant's e-mail and name.
 */
export async function listApplications(
  db: DbOrTx,
  tenantId: string,
  userId: string | null,
  q: ApplicationListQuery,
  now: Date,
): Promise<{ rows: AdminApplicationItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(applications.tenantId, tenantId)];
  if (userId) conditions.push(eq(applications.userId, userId));
  if (q.status) conditions.push(eq(applications.status, q.status));
  if (q.type) conditions.push(eq(applications.type, q.type));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.displayname, pattern),
        ilike(sql`concat_ws(' ', ${users.firstname}, ${users.lastname})`, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        row: applications,
        reviewer: reviewerFields,
        tenant: { slug: tenants.slug, name: tenants.name },
        user: { email: users.email, displayname: users.displayname, firstname: users.firstname, lastname: users.lastname },
      })
      .from(applications)
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
  ]);
  return {
    rows: rows.map(({ row, reviewer, tenant, user }) => ({
      ...toApplicationSummary({ row, reviewer }, now),
      tenantSlug: tenant.slug,
      tenantName: tenant.name,
      userEmail: user.email,
      userName: userDisplayName(user),
    })),
    total: count?.total ?? 0,
  };
}

export async function insertApplication(
  db: DbOrTx,
  values: { tenantId: string; userId: string; type: ApplicationType } & Partial<Pick<ApplicationRow, 'questionData' | 'renewedFrom'>>,
): Promise<ApplicationRow> {
  const [row] = await db
    .insert(applications)
    .values({ ...values, id: newId(), status: 'not-started' })
    .returning();
  return row!;
}

export async function updateApplication(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<
      ApplicationRow,
      | 'status'
      | 'reviewedAt'
      | 'reviewedBy'
      | 'currentQuestionId'
      | 'completedQuestionIds'
      | 'questionData'
      | 'verificationMethod'
      | 'businessId'
    >
  >,
): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .returning();
  return row!;
}

/**
 * A wizard move, written only if the application still stands where the move was computed from (same current and
 * completed questions, not reviewed): undefined when another tab or a reviewer changed it in between.
 */
export async function moveApplicationRow(
  db: DbOrTx,
  from: Pick<ApplicationRow, 'tenantId' | 'id' | 'currentQuestionId' | 'completedQuestionIds'>,
  values: Parameters<typeof updateApplication>[3],
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(applications.tenantId, from.tenantId),
        eq(applications.id, from.id),
        sql`${applications.currentQuestionId} is not distinct from ${from.currentQuestionId}`,
        sql`${applications.completedQuestionIds} = ${JSON.stringify(from.completedQuestionIds)}::jsonb`,
        isNull(applications.reviewedAt),
        ne(applications.status, 'approved'),
      ),
    )
    .returning();
  return row;
}

/**
 * One application of this user in this tenant, with what a workflow's qualification step checks: its status, review
 * date (the approval's year runs from it), how accreditation was shown, and who applied (an individual or a business).
 */
export async function findOwnApproval(db: DbOrTx, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select({
      status: applications.status,
      reviewedAt: applications.reviewedAt,
      verificationMethod: applications.verificationMethod,
      identity: sql<string | null>`${applications.questionData}->>'identity'`,
    })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.userId, userId), eq(applications.id, id)))
    .limit(1);
  return row;
}

/**
 * The status of a user's newest application of a type in a tenant, how it was verified and when an approval expires
 * (a lead's accreditation as the institution's team sees it); nothing of the answers. Undefined when there is none.
 */
export async function findLatestApplicationStatus(db: DbOrTx, tenantId: string, userId: string, type: ApplicationType, now: Date) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      verificationMethod: applications.verificationMethod,
      reviewedAt: applications.reviewedAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.userId, userId), eq(applications.type, type)))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1);
  if (!row) return undefined;
  const approved = row.status === 'approved' && row.reviewedAt !== null;
  return {
    ...row,
    expiresAt: approved ? approvalExpiry(row.reviewedAt!) : null,
    expired: isApprovalExpired(row.status, row.reviewedAt, now),
  };
}
