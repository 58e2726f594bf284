import {
  approvalExpiry,
  isApprovalExpired,
  type Application,
  type ApplicationListQuery,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationType,
  type UserRole,
} from '@tessera/domain';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { applications, users, type ApplicationRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf } from '../../lib/pagination.ts';

/** The reviewer's account, joined under its own name beside the applicant's. */
export const reviewers = alias(users, 'reviewers');
export const reviewerFields = { _id: reviewers.id, email: reviewers.email, role: reviewers.role };

export interface ApplicationWithReviewer {
  row: ApplicationRow;
  /** Null when nobody reviewed it yet or the reviewer's account is gone (drizzle gives a left join's all-null object as null). */
  reviewer: { _id: string; email: string; role: UserRole } | null;
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
  };
}

async function findOne(db: DbOrTx, where: SQL | undefined): Promise<ApplicationWithReviewer | undefined> {
  const [found] = await db
    .select({ row: applications, reviewer: reviewerFields })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
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

/** The user's newest application of a type in a tenant that was not rejected (at most one is open at a time). */
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
        ne(applications.status, 'rejected'),
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(1)
    .then(([found]) => found);
}

/** One user's applications in a tenant, newest first (uses applications_user_idx). */
export async function listUserApplications(db: DbOrTx, tenantId: string, userId: string, q: ApplicationListQuery) {
  const where = and(
    eq(applications.tenantId, tenantId),
    eq(applications.userId, userId),
    q.status ? eq(applications.status, q.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: applications, reviewer: reviewerFields })
      .from(applications)
      .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(applications).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertApplication(
  db: DbOrTx,
  values: { tenantId: string; userId: string; type: ApplicationType },
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
  values: Partial<Pick<ApplicationRow, 'status' | 'reviewedAt' | 'reviewedBy'>>,
): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .returning();
  return row!;
}
