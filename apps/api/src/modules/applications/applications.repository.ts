import type { Application, ApplicationSummary, UserRole } from '@tessera/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { applications, users, type ApplicationRow } from '../../db/schema/index.ts';

/** The reviewer's account, joined under its own name beside the applicant's. */
export const reviewers = alias(users, 'reviewers');
export const reviewerFields = { _id: reviewers.id, email: reviewers.email, role: reviewers.role };

export interface ApplicationWithReviewer {
  row: ApplicationRow;
  /** Null when nobody reviewed it yet or the reviewer's account is gone (drizzle gives a left join's all-null object as null). */
  reviewer: { _id: string; email: string; role: UserRole } | null;
}

export function toApplicationSummary({ row, reviewer }: ApplicationWithReviewer): ApplicationSummary {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toApplication(found: ApplicationWithReviewer): Application {
  const { row } = found;
  return {
    ...toApplicationSummary(found),
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
