import type { ApplicationStatus, ApplicationType, DocumentAnswerKey, VerificationMethod } from '@tessera/domain';
import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * Accreditation applications (000 §3, 001 §3): the summary the lists read, plus where the applicant's wizard
 * stands (current question, the completed ones in order, the answers) so the wizard can resume and go back.
 * business_id and approval_doc point at tenant rows (a business, a document) without a foreign key: a composite
 * key could only cascade or refuse, and deleting the business or document must not delete or block the application.
 */
export const applications = pgTable(
  'applications',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ApplicationType>().notNull().default('accreditation'),
    status: text('status').$type<ApplicationStatus>().notNull().default('not-started'),
    businessId: objectIdColumn('business_id'),
    currentQuestionId: text('current_question_id'),
    completedQuestionIds: jsonb('completed_question_ids').$type<string[]>().notNull().default([]),
    questionData: jsonb('question_data').$type<Record<string, unknown>>().notNull().default({}),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: objectIdColumn('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    approvalDoc: objectIdColumn('approval_doc'),
    /** The reviewer's note with the decision. */
    reviewNote: text('review_note'),
    /** The code printed on the approval letter; the public verification page looks it up. */
    certificateCode: text('certificate_code'),
    /** How the applicant showed accreditation (VerificationMethod), kept as the wizard moves. */
    verificationMethod: text('verification_method').$type<VerificationMethod>(),
    /** The application this one renews, whose answers it was prefilled from. */
    renewedFrom: objectIdColumn('renewed_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The applicant's own applications in a tenant, newest first.
    index('applications_user_idx').on(t.tenantId, t.userId, t.createdAt),
    // The admin list: one tenant (optionally one status), or every tenant filtered by status, newest first.
    index('applications_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt),
    index('applications_status_created_idx').on(t.status, t.createdAt),
    index('applications_created_idx').on(t.createdAt),
    uniqueIndex('applications_certificate_code_key').on(t.certificateCode),
    // Whether a document is an application's approval letter (documents module: who reads it, that it is locked).
    index('applications_approval_doc_idx').on(t.tenantId, t.approvalDoc),
  ],
);
export type ApplicationRow = typeof applications.$inferSelect;

/**
 * The documents given as evidence on an application (001 §3): which answer each was uploaded for, the date the
 * uploader states and the date the file itself carries (PDF or image metadata), and the evaluator request it came
 * through when an evaluator uploaded it. The document row itself lives in `documents`.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    applicationId: objectIdColumn('application_id').notNull(),
    documentId: objectIdColumn('document_id').notNull(),
    /** The answer key (001 §3) the document was uploaded for; null for an evaluator's letter sent through the public page. */
    questionKey: text('question_key').$type<DocumentAnswerKey>(),
    documentDate: date('document_date', { mode: 'string' }),
    fileDate: timestamp('file_date', { withTimezone: true, mode: 'date' }),
    evaluatorRequestId: objectIdColumn('evaluator_request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId, t.documentId] }),
    // Access checks go from a document to the applications that hold it.
    index('application_documents_document_idx').on(t.tenantId, t.documentId),
  ],
);
export type ApplicationDocumentRow = typeof applicationDocuments.$inferSelect;

/**
 * An applicant's request to an evaluator (001 §2 evaluator upload): a tokenised link for one application, expiring and
 * revocable, not a login. Only the token's hash is kept.
 */
export const evaluatorRequests = pgTable(
  'evaluator_requests',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    applicationId: objectIdColumn('application_id').notNull(),
    /** The evaluator-request screen it was sent from (which evidence the letter is for). */
    questionId: text('question_id').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    message: text('message'),
    createdBy: objectIdColumn('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('evaluator_requests_token_key').on(t.tokenHash),
    index('evaluator_requests_application_idx').on(t.tenantId, t.applicationId, t.createdAt),
  ],
);
export type EvaluatorRequestRow = typeof evaluatorRequests.$inferSelect;
