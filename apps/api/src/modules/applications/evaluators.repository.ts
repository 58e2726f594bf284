import type { AccreditationQuestionId, ApplicationStatus, DocumentAnswerKey, EvaluatorRequest, PageQuery } from '@tessera/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import {
  applicationDocuments,
  applications,
  businesses,
  documents,
  evaluatorRequests,
  users,
  type EvaluatorRequestRow,
} from '../../db/schema/index.ts';
import { offsetOf } from '../../lib/pagination.ts';

/** Where a request stands at `now`: a used link stays submitted, then revoked and expired links are dead. */
export function evaluatorRequestState(row: EvaluatorRequestRow, now: Date): EvaluatorRequest['state'] {
  if (row.submittedAt) return 'submitted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

export function toEvaluatorRequest(row: EvaluatorRequestRow, now: Date): EvaluatorRequest {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    questionId: row.questionId as AccreditationQuestionId,
    state: evaluatorRequestState(row, now),
    expiresAt: row.expiresAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertEvaluatorRequest(db: DbOrTx, values: typeof evaluatorRequests.$inferInsert): Promise<EvaluatorRequestRow> {
  const [row] = await db.insert(evaluatorRequests).values(values).returning();
  return row!;
}

/** Revokes the links of an application and screen that were neither used nor revoked yet; answers the revoked rows. */
export function revokeOpenEvaluatorRequests(db: DbOrTx, tenantId: string, applicationId: string, questionId: string, now: Date) {
  return db
    .update(evaluatorRequests)
    .set({ revokedAt: now, updatedAt: now })
    .where(
      and(
        eq(evaluatorRequests.tenantId, tenantId),
        eq(evaluatorRequests.applicationId, applicationId),
        eq(evaluatorRequests.questionId, questionId),
        isNull(evaluatorRequests.submittedAt),
        isNull(evaluatorRequests.revokedAt),
      ),
    )
    .returning({ id: evaluatorRequests.id });
}

export async function findEvaluatorRequest(
  db: DbOrTx,
  tenantId: string,
  applicationId: string,
  id: string,
): Promise<EvaluatorRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluatorRequests)
    .where(and(eq(evaluatorRequests.tenantId, tenantId), eq(evaluatorRequests.applicationId, applicationId), eq(evaluatorRequests.id, id)))
    .limit(1);
  return row;
}

/** The request a link's token belongs to, in the tenant of the address (evaluator_requests_token_key). */
export async function findEvaluatorRequestByToken(
  db: DbOrTx,
  tenantId: string,
  tokenHash: string,
): Promise<EvaluatorRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluatorRequests)
    .where(and(eq(evaluatorRequests.tenantId, tenantId), eq(evaluatorRequests.tokenHash, tokenHash)))
    .limit(1);
  return row;
}

/** An application's requests, newest first (evaluator_requests_application_idx). */
export async function listEvaluatorRequests(db: DbOrTx, tenantId: string, applicationId: string, q: PageQuery) {
  const where = and(eq(evaluatorRequests.tenantId, tenantId), eq(evaluatorRequests.applicationId, applicationId));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(evaluatorRequests)
      .where(where)
      .orderBy(desc(evaluatorRequests.createdAt), desc(evaluatorRequests.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(evaluatorRequests).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Another tenant's requests, for a platform admin reading any tenant's application. */
export function listEvaluatorRequestsUnscoped(db: DbOrTx, tenantId: string, applicationId: string, q: PageQuery) {
  return withCrossTenant("a platform admin reading the evaluator requests of any tenant's application", async () =>
    listEvaluatorRequests(db, tenantId, applicationId, q),
  );
}

/** How many requests an application sent since a moment, and when the oldest of them was (the daily limit). */
export async function countEvaluatorRequestsSince(db: DbOrTx, tenantId: string, applicationId: string, since: Date) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${evaluatorRequests.createdAt})` })
    .from(evaluatorRequests)
    .where(
      and(
        eq(evaluatorRequests.tenantId, tenantId),
        eq(evaluatorRequests.applicationId, applicationId),
        gt(evaluatorRequests.createdAt, since),
      ),
    );
  return { total: row?.total ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Uses up or revokes a link that is still open (neither used nor revoked): answers undefined when another call got
 * there first, so two submits of the same link cannot both pass.
 */
export async function closeEvaluatorRequest(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: { revokedAt: Date } | { submittedAt: Date; message: string | null },
  now: Date,
): Promise<EvaluatorRequestRow | undefined> {
  const [row] = await db
    .update(evaluatorRequests)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        eq(evaluatorRequests.tenantId, tenantId),
        eq(evaluatorRequests.id, id),
        isNull(evaluatorRequests.submittedAt),
        isNull(evaluatorRequests.revokedAt),
      ),
    )
    .returning();
  return row;
}

/** What the evaluator's page needs of the application: the wizard state, the applicant and the business's name. */
export async function findApplicationForEvaluator(db: DbOrTx, tenantId: string, applicationId: string) {
  const [row] = await db
    .select({
      application: applications,
      applicant: { firstname: users.firstname, lastname: users.lastname, email: users.email },
      businessName: businesses.name,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(businesses, and(eq(businesses.tenantId, applications.tenantId), eq(businesses.id, applications.businessId)))
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, applicationId)))
    .limit(1);
  return row;
}

/** Moves an application from one status to another; answers undefined when it was no longer in `from`. */
export async function moveApplicationStatus(
  db: DbOrTx,
  tenantId: string,
  id: string,
  from: ApplicationStatus,
  to: ApplicationStatus,
  now: Date,
) {
  const [row] = await db
    .update(applications)
    .set({ status: to, updatedAt: now })
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id), eq(applications.status, from)))
    .returning({ id: applications.id });
  return row;
}

export async function insertEvaluatorDocument(
  db: DbOrTx,
  values: { tenantId: string; applicationId: string; documentId: string; questionKey: DocumentAnswerKey; evaluatorRequestId: string },
): Promise<void> {
  await db.insert(applicationDocuments).values(values);
}

/** The documents uploaded through one request, oldest first. */
export function listEvaluatorDocuments(db: DbOrTx, tenantId: string, applicationId: string, requestId: string) {
  return db
    .select({
      _id: documents.id,
      name: documents.name,
      originalName: documents.originalName,
      size: documents.size,
      createdAt: documents.createdAt,
    })
    .from(applicationDocuments)
    .innerJoin(documents, and(eq(documents.tenantId, applicationDocuments.tenantId), eq(documents.id, applicationDocuments.documentId)))
    .where(
      and(
        eq(applicationDocuments.tenantId, tenantId),
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.evaluatorRequestId, requestId),
      ),
    )
    .orderBy(applicationDocuments.createdAt, applicationDocuments.documentId);
}
