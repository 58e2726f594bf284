import {
  applicationDocumentMetadata,
  DOCUMENT_ANSWER_KEYS,
  documentDateProblem,
  incomeYearPair,
  maxDocumentAgeDays,
  rightsOf,
  userDisplayName,
  type ApplicationDocument,
  type ApplicationDocumentQuery,
  type DocumentAnswerKey,
  type DocumentRecord,
  type List,
} from '@tessera/domain';
import type { ApplicationDocumentRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { parseForm, type UploadedFile } from '../../lib/multipart.ts';
import { pageMeta } from '../../lib/pagination.ts';
import {
  createDocument,
  deleteDocument,
  toDocumentRecord,
  type DocumentAccessRule,
  type DocumentDeps,
  type DocumentLockRule,
} from '../documents/index.ts';
import { recordEvent } from '../timeline/index.ts';
import {
  applicantsHoldingDocument,
  isApprovalDocument,
  deleteApplicationDocument,
  findApplicationDocument,
  insertApplicationDocument,
  listApplicationDocuments as listRows,
} from './application-documents.repository.ts';
import { updateApplication } from './applications.repository.ts';
import { isReviewer, loadOwn, loadReadable, requireUndecided, type ApplicationDeps } from './applications.service.ts';
import { fileOwnDate } from './file-dates.ts';

export type ApplicationDocumentDeps = ApplicationDeps & DocumentDeps;

const DAY_MS = 24 * 60 * 60 * 1000;
const invalid = (field: string, message: string) => new AppError('validation', `body.${field}: ${message}`);

function toApplicationDocument(record: DocumentRecord, link: ApplicationDocumentRow): ApplicationDocument {
  return {
    ...record,
    questionKey: link.questionKey,
    documentDate: link.documentDate,
    fileDate: link.fileDate?.toISOString() ?? null,
    fromEvaluator: link.evaluatorRequestId !== null,
  };
}

/** The stated date as a Date, refusing what is not a calendar day (2026-02-30). */
function statedDate(text: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw invalid('documentDate', 'Enter the date on the document as a real day, YYYY-MM-DD');
  return date;
}

/**
 * 001 §5, §9 freshness, for the answers whose documents must be recent (statements: 90 days, the credit report: one
 * month): the date the uploader states is required and checked, and so is the file's own date where it has one, so
 * an old statement cannot pass with a new date typed next to it.
 */
async function checkFreshness(key: DocumentAnswerKey, documentDate: string | undefined, data: Buffer, now: Date) {
  const maxAge = maxDocumentAgeDays(key);
  if (maxAge !== null && !documentDate) throw invalid('documentDate', 'Enter the date on the document');
  if (documentDate) {
    const problem = documentDateProblem(key, statedDate(documentDate), now);
    if (problem) throw invalid('documentDate', problem);
  }
  const fileDate = await fileOwnDate(data);
  if (fileDate && maxAge !== null && now.getTime() - fileDate.getTime() > maxAge * DAY_MS) {
    const window = DOCUMENT_ANSWER_KEYS[key].type === 'CREDIT_REPORT' ? 'a month' : `${maxAge} days`;
    throw invalid('file', `The file was created on ${fileDate.toISOString().slice(0, 10)}, more than ${window} ago`);
  }
  return fileDate;
}

/** The document type and tags of 001 §3 for an answer; tax documents also get the year they are for (001 §9 year pair). */
function tagsFor(key: DocumentAnswerKey, now: Date): string[] {
  const { tags } = DOCUMENT_ANSWER_KEYS[key];
  const years = incomeYearPair(now);
  const year = tags.includes('prev-year' as never) ? years.prevYear : tags.includes('curr-year' as never) ? years.currYear : null;
  return [...tags, ...(year === null ? [] : [String(year)])];
}

/**
 * POST application/{id}/documents: the applicant uploads evidence for one answer while the application is undecided.
 * The file becomes a real document (type and tags of its answer, about the user or, for business answers, the
 * business) attached to the application with the answer, the stated date and the file's own date.
 */
export async function uploadApplicationDocument(
  deps: ApplicationDocumentDeps,
  auth: AuthContext,
  id: string,
  file: UploadedFile,
  fields: Record<string, string>,
): Promise<ApplicationDocument> {
  const found = await loadOwn(deps.db, auth, id);
  requireUndecided(found);
  const meta = parseForm(applicationDocumentMetadata, fields);
  const key = meta.questionKey;
  const now = deps.clock.now();
  const fileDate = await checkFreshness(key, meta.documentDate, file.data, now);
  const record = await createDocument(
    deps,
    auth,
    { data: file.data, fileName: file.fileName },
    {
      name: (meta.name || file.fileName).slice(0, 200),
      type: DOCUMENT_ANSWER_KEYS[key].type,
      entityType: key.startsWith('business') ? 'BUSINESS' : 'USER',
      tags: tagsFor(key, now),
      description: null,
    },
  );
  try {
    const link = await deps.db.transaction(async (tx) => {
      const inserted = await insertApplicationDocument(tx, {
        tenantId: auth.tenantId,
        applicationId: id,
        documentId: record._id,
        questionKey: key,
        documentDate: meta.documentDate ?? null,
        fileDate,
      });
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'upload',
        entity: id,
        entityType: 'application',
        userId: auth.user.id,
        message: `${userDisplayName(auth.user)} uploaded ${record.name} for ${key}`,
        meta: {
          change: {
            [`documents.${record._id}`]: {
              old: null,
              new: { questionKey: key, documentDate: inserted.documentDate, fileDate: fileDate?.toISOString() ?? null },
            },
          },
        },
        refs: [{ entity: record._id, entityType: 'document' }],
      });
      return inserted;
    });
    return toApplicationDocument(record, link);
  } catch (error) {
    await deleteDocument(deps, auth, record._id).catch(() => {});
    throw error;
  }
}

/** GET application/{id}/documents: for the applicant and the reviewers, newest first. */
export async function listApplicationDocuments(
  deps: ApplicationDocumentDeps,
  auth: AuthContext,
  id: string,
  q: ApplicationDocumentQuery,
): Promise<List<ApplicationDocument>> {
  const { found, within } = await loadReadable(deps, auth, id);
  const { rows, total } = await within(() => listRows(deps.db, found.row.tenantId, id, q));
  return {
    data: rows.map(({ link, document }) =>
      toApplicationDocument(toDocumentRecord(document, rightsOf(document.uploadedBy === auth.user.id ? 'owner' : 'viewer')), link),
    ),
    meta: pageMeta(q, total),
  };
}

/**
 * DELETE application/{id}/documents/{documentId}: the applicant removes one of their uploads while the application is
 * undecided: the document goes, and with it the link and the id in the answers that listed it.
 */
export async function removeApplicationDocument(deps: ApplicationDocumentDeps, auth: AuthContext, id: string, documentId: string) {
  const found = await loadOwn(deps.db, auth, id);
  requireUndecided(found);
  const attached = await findApplicationDocument(deps.db, auth.tenantId, id, documentId);
  if (!attached) throw notFound('Document');
  if (attached.document.uploadedBy !== auth.user.id) throw forbidden("An evaluator's letter stays with the application");
  await deleteDocument(deps, auth, documentId);
  const { row } = found;
  const key = attached.link.questionKey;
  const listed = key && Array.isArray(row.questionData[key]) ? (row.questionData[key] as string[]) : null;
  const kept = listed?.filter((d) => d !== documentId);
  await deps.db.transaction(async (tx) => {
    await deleteApplicationDocument(tx, auth.tenantId, id, documentId);
    if (key && listed && kept && kept.length !== listed.length)
      await updateApplication(tx, auth.tenantId, id, { questionData: { ...row.questionData, [key]: kept } });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'application',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} removed ${attached.document.name}`,
      meta: {
        change: {
          [`documents.${documentId}`]: { old: { questionKey: key, documentDate: attached.link.documentDate }, new: null },
          ...(key && listed && kept && kept.length !== listed.length && { [`questionData.${key}`]: { old: listed, new: kept } }),
        },
      },
      refs: [{ entity: documentId, entityType: 'document' }],
    });
  });
}

/**
 * Who reads an application's documents at /document/{id} beyond their uploader (registered with the documents
 * module): the application's reviewers (the tenant's owners, platform admins) and the applicant (their evaluator's
 * letters, uploaded through the evaluator's link), all as viewers.
 */
export const applicationDocumentAccess: DocumentAccessRule = async (db, auth, row) => {
  // The reviewers read the approval letters they issue (the applicant owns theirs).
  if (isApprovalLetter(row) && isReviewer(auth)) return (await isApprovalDocument(db, auth.tenantId, row.id)) ? 'viewer' : null;
  const applicants = await applicantsHoldingDocument(db, auth.tenantId, row.id);
  if (applicants.length === 0) return null;
  return isReviewer(auth) || applicants.includes(auth.user.id) ? 'viewer' : null;
};

/** Only letters are looked up: other documents never pay for the query. */
const isApprovalLetter = (row: { type: string }) => row.type === 'accredited-investor-letter';

/** An application's approval letter is fixed: nobody changes or deletes it, the applicant who owns it included. */
export const approvalLetterLock: DocumentLockRule = async (db, tenantId, row) =>
  isApprovalLetter(row) && isApprovalDocument(db, tenantId, row.id);
