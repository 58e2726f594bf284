import type { ApplicationDocumentQuery } from '@tessera/domain';
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationDocuments,
  applications,
  documents,
  evaluatorRequests,
  type ApplicationDocumentRow,
  type EvaluatorRequestRow,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';

export async function insertApplicationDocument(
  db: DbOrTx,
  values: typeof applicationDocuments.$inferInsert,
): Promise<ApplicationDocumentRow> {
  const [row] = await db.insert(applicationDocuments).values(values).returning();
  return row!;
}

const link = (tenantId: string, applicationId: string) =>
  and(eq(applicationDocuments.tenantId, tenantId), eq(applicationDocuments.applicationId, applicationId));

/** One document of an application, with the link (PK lookup). */
export async function findApplicationDocument(db: DbOrTx, tenantId: string, applicationId: string, documentId: string) {
  const [found] = await db
    .select({ link: applicationDocuments, document: documents })
    .from(applicationDocuments)
    .innerJoin(documents, and(eq(documents.tenantId, applicationDocuments.tenantId), eq(documents.id, applicationDocuments.documentId)))
    .where(and(link(tenantId, applicationId), eq(applicationDocuments.documentId, documentId)))
    .limit(1);
  return found;
}

export async function deleteApplicationDocument(db: DbOrTx, tenantId: string, applicationId: string, documentId: string): Promise<void> {
  await db.delete(applicationDocuments).where(and(link(tenantId, applicationId), eq(applicationDocuments.documentId, documentId)));
}

/** Of these document ids, the ones attached to the application: the answer each was uploaded for and who uploaded it. */
export async function attachedDocuments(db: DbOrTx, tenantId: string, applicationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      documentId: applicationDocuments.documentId,
      questionKey: applicationDocuments.questionKey,
      uploadedBy: documents.uploadedBy,
    })
    .from(applicationDocuments)
    .innerJoin(documents, and(eq(documents.tenantId, applicationDocuments.tenantId), eq(documents.id, applicationDocuments.documentId)))
    .where(and(link(tenantId, applicationId), inArray(applicationDocuments.documentId, [...ids])));
}

/** A page of an application's documents, newest first, by type and name or file name (PK prefix, then a sort of its few rows). */
export async function listApplicationDocuments(db: DbOrTx, tenantId: string, applicationId: string, q: ApplicationDocumentQuery) {
  const conditions: (SQL | undefined)[] = [link(tenantId, applicationId)];
  if (q.type) conditions.push(eq(documents.type, q.type));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(documents.name, pattern), ilike(documents.originalName, pattern)));
  }
  const where = and(...conditions);
  const joined = and(eq(documents.tenantId, applicationDocuments.tenantId), eq(documents.id, applicationDocuments.documentId));
  const [rows, [count]] = await Promise.all([
    db
      .select({ link: applicationDocuments, document: documents })
      .from(applicationDocuments)
      .innerJoin(documents, joined)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(applicationDocuments).innerJoin(documents, joined).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The applicants of the applications that hold a document (application_documents_document_idx). */
export async function applicantsHoldingDocument(db: DbOrTx, tenantId: string, documentId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: applications.userId })
    .from(applicationDocuments)
    .innerJoin(
      applications,
      and(eq(applications.tenantId, applicationDocuments.tenantId), eq(applications.id, applicationDocuments.applicationId)),
    )
    .where(and(eq(applicationDocuments.tenantId, tenantId), eq(applicationDocuments.documentId, documentId)));
  return rows.map((r) => r.userId);
}

/** Whether the document is some application's approval letter (applications_approval_doc_idx). */
export async function isApprovalDocument(db: DbOrTx, tenantId: string, documentId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.approvalDoc, documentId)))
    .limit(1);
  return Boolean(found);
}

/**
 * The newest request the applicant sent (and did not revoke) to an evaluator from this screen of the application
 * (evaluator_requests_application_idx). The evaluator module writes these rows; the wizard only reads them.
 */
export async function latestEvaluatorRequest(
  db: DbOrTx,
  tenantId: string,
  applicationId: string,
  questionId: string,
): Promise<EvaluatorRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluatorRequests)
    .where(
      and(
        eq(evaluatorRequests.tenantId, tenantId),
        eq(evaluatorRequests.applicationId, applicationId),
        eq(evaluatorRequests.questionId, questionId),
        isNull(evaluatorRequests.revokedAt),
      ),
    )
    .orderBy(desc(evaluatorRequests.createdAt), desc(evaluatorRequests.id))
    .limit(1);
  return row;
}
