import {
  isEvaluatorRequestQuestion,
  pendingEvaluatorQuestion,
  userDisplayName,
  type EvaluatorApplicationView,
  type EvaluatorRequest,
  type EvaluatorRequestInput,
  type EvaluatorRequestQuestionId,
  type EvaluatorSubmit,
  type List,
  type PageQuery,
} from '@tessera/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { ApplicationRow, EvaluatorRequestRow, TenantRow } from '../../db/schema/index.ts';
import { AppError, notFound, rateLimited } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { IMAGE_MIME_TYPES, type AllowedMimeType } from '../../lib/uploads.ts';
import { createDocumentAs, type NewDocumentFile } from '../documents/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { findApplication, findApplicationUnscoped } from './applications.repository.ts';
import { EVAL_UPLOAD_KEY, EVIDENCE_OF, EVIDENCE_TEXT, letterWording } from './evaluator-letter.ts';
import { evaluatorRequestMail, evaluatorSubmittedMail } from './evaluator-mails.ts';
import * as repo from './evaluators.repository.ts';
import { emitApplicationStatusChanged } from './application-webhooks.ts';

export interface EvaluatorDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: FileStorage;
}

/** Where the request is made: the tenant of the address and the origin its e-mailed links point to. */
export interface EvaluatorSite {
  tenant: TenantRow;
  origin: string;
}

/** How long an evaluator's link works. */
export const EVALUATOR_LINK_TTL_DAYS = 14;
/** At most this many links per application in any 24 hours: each one e-mails someone outside the platform. */
export const EVALUATOR_REQUESTS_PER_DAY = 5;
/** What an evaluator may upload: a signed letter, as a PDF or a scanned image. */
export const EVALUATOR_UPLOAD_TYPES: readonly AllowedMimeType[] = ['application/pdf', ...IMAGE_MIME_TYPES];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The one answer to every public call whose link is wrong, expired, revoked or for another application. */
export const INVALID_LINK = 'This link is not valid or has expired. Ask the applicant to send a new one.';
const invalidLink = () => new AppError('not-found', INVALID_LINK);

export const hashEvaluatorToken = (token: string) => createHash('sha256').update(token).digest('hex');

const evaluatorName = (row: Pick<EvaluatorRequestRow, 'firstname' | 'lastname'>) => `${row.firstname} ${row.lastname}`;
const evaluatorActor = (row: EvaluatorRequestRow) => `${evaluatorName(row)} (evaluator)`;

/**
 * The evaluator-request screen an application is waiting on: its current screen when that is one, or the screen it
 * came through to a submitted screen (001 §4), while no reviewer has decided. Null when a request makes no sense now.
 */
function requestableQuestion(row: ApplicationRow): EvaluatorRequestQuestionId | null {
  if (row.status === 'approved' || row.status === 'rejected' || row.reviewedAt) return null;
  const current = row.currentQuestionId ?? '';
  if (isEvaluatorRequestQuestion(current)) return current;
  if (current === 'individual-submitted' || current === 'business-submitted') return pendingEvaluatorQuestion(row.completedQuestionIds);
  return null;
}

/** The applicant's own application in this tenant; anyone else's (or none) is not found. */
async function loadOwn(deps: EvaluatorDeps, auth: AuthContext, id: string): Promise<ApplicationRow> {
  const found = await findApplication(deps.db, auth.tenantId, id);
  if (!found || found.row.userId !== auth.user.id) throw notFound('Application');
  return found.row;
}

/**
 * PUT application/{id}/evaluator: e-mails an evaluator a link to upload their letter. A new link for the same screen
 * replaces the earlier ones that were not used (they are revoked), so only the latest works.
 */
export async function requestEvaluator(
  deps: EvaluatorDeps,
  site: EvaluatorSite,
  auth: AuthContext,
  id: string,
  body: EvaluatorRequestInput,
): Promise<EvaluatorRequest> {
  const application = await loadOwn(deps, auth, id);
  const questionId = requestableQuestion(application);
  if (!questionId)
    throw new AppError(
      'conflict',
      application.reviewedAt || application.status === 'approved' || application.status === 'rejected'
        ? 'This application has been decided: an evaluator can no longer be asked for a letter'
        : 'Choose to ask an evaluator in the application first: this application is not waiting for an evaluator',
    );
  const now = deps.clock.now();
  const recent = await repo.countEvaluatorRequestsSince(deps.db, auth.tenantId, id, new Date(now.getTime() - DAY_MS));
  if (recent.total >= EVALUATOR_REQUESTS_PER_DAY)
    throw rateLimited(Math.ceil(((recent.oldest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime()) / 1000));

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EVALUATOR_LINK_TTL_DAYS * DAY_MS);
  const row = await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeOpenEvaluatorRequests(tx, auth.tenantId, id, questionId, now);
    const inserted = await repo.insertEvaluatorRequest(tx, {
      tenantId: auth.tenantId,
      id: newId(),
      applicationId: id,
      questionId,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email.toLowerCase(),
      tokenHash: hashEvaluatorToken(token),
      expiresAt,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'invite',
      entity: id,
      entityType: 'application',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} asked ${evaluatorName(inserted)} (${inserted.email}) for an evaluator's letter`,
      meta: {
        evaluatorRequest: inserted.id,
        revokedRequests: revoked.map((r) => r.id),
        change: {
          evaluator: { old: null, new: { firstname: inserted.firstname, lastname: inserted.lastname, email: inserted.email } },
          expiresAt: { old: null, new: expiresAt.toISOString() },
        },
      },
      refs: [{ entity: application.userId, entityType: 'user' }],
    });
    return inserted;
  });

  const applicantName = userDisplayName(auth.user);
  const evidence = EVIDENCE_OF[questionId];
  const context = await repo.findApplicationForEvaluator(deps.db, auth.tenantId, id);
  const url = `${site.origin}/eval-upload?userId=${application.userId}&applicationId=${id}&token=${token}`;
  await deps.mailer.send({
    to: row.email,
    tenantId: auth.tenantId,
    ...evaluatorRequestMail({
      tenantName: site.tenant.name,
      applicantName,
      applicantEmail: auth.user.email,
      evaluatorName: evaluatorName(row),
      what: EVIDENCE_TEXT[evidence],
      wording: letterWording(
        evidence,
        { applicantName, businessName: context?.businessName ?? null, evaluatorName: evaluatorName(row) },
        now,
      ),
      expiresAt,
      days: EVALUATOR_LINK_TTL_DAYS,
      url,
    }),
  });
  return repo.toEvaluatorRequest(row, now);
}

/** GET application/{id}/evaluator: the applicant and the reviewers (the tenant's owners, platform admins). */
export async function listApplicationEvaluatorRequests(
  deps: EvaluatorDeps,
  auth: AuthContext,
  id: string,
  q: PageQuery,
): Promise<List<EvaluatorRequest>> {
  const found = auth.isPlatformAdmin ? await findApplicationUnscoped(deps.db, id) : await findApplication(deps.db, auth.tenantId, id);
  const isOwner = auth.member?.role === 'owner';
  if (!found || !(auth.isPlatformAdmin || isOwner || found.row.userId === auth.user.id)) throw notFound('Application');
  const { tenantId } = found.row;
  const { rows, total } =
    tenantId === auth.tenantId
      ? await repo.listEvaluatorRequests(deps.db, tenantId, id, q)
      : await repo.listEvaluatorRequestsUnscoped(deps.db, tenantId, id, q);
  const now = deps.clock.now();
  return { data: rows.map((row) => repo.toEvaluatorRequest(row, now)), meta: pageMeta(q, total) };
}

/** DELETE application/{id}/evaluator/{requestId}: the applicant withdraws a link; a used one stays (409). */
export async function revokeEvaluatorRequest(deps: EvaluatorDeps, auth: AuthContext, id: string, requestId: string): Promise<void> {
  await loadOwn(deps, auth, id);
  const row = await repo.findEvaluatorRequest(deps.db, auth.tenantId, id, requestId);
  if (!row) throw notFound('Evaluator request');
  if (row.submittedAt) throw new AppError('conflict', 'The evaluator has already submitted the letter: the link can no longer be revoked');
  if (row.revokedAt) return;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Submitted meanwhile: the letter is in, and the link stays as it is.
    if (!(await repo.closeEvaluatorRequest(tx, auth.tenantId, requestId, { revokedAt: now }, now))) return;
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: id,
      entityType: 'application',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} revoked the link sent to ${evaluatorName(row)} (${row.email})`,
      meta: { evaluatorRequest: row.id, change: { revokedAt: { old: null, new: now.toISOString() } } },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The evaluator's public page: no sign-in, the token in the link is the only key.

/**
 * The request a link opens: same tenant (the address's), same application, not revoked, not expired. Every other
 * case is the same 404, so a link tells nothing about why it failed or what else exists.
 */
async function openLink(deps: EvaluatorDeps, tenant: TenantRow, applicationId: string, token: string): Promise<EvaluatorRequestRow> {
  const row = await repo.findEvaluatorRequestByToken(deps.db, tenant.id, hashEvaluatorToken(token));
  if (!row || row.applicationId !== applicationId || row.revokedAt || row.expiresAt.getTime() <= deps.clock.now().getTime())
    throw invalidLink();
  return row;
}

async function loadContext(deps: EvaluatorDeps, row: EvaluatorRequestRow) {
  const context = await repo.findApplicationForEvaluator(deps.db, row.tenantId, row.applicationId);
  if (!context || !isEvaluatorRequestQuestion(row.questionId)) throw invalidLink();
  return { ...context, questionId: row.questionId };
}

const usedLink = () => new AppError('conflict', 'The letter has already been submitted through this link');

/** A reviewer's decision closes the application to new evidence. */
function checkUndecided(application: ApplicationRow): void {
  if (application.status === 'approved' || application.status === 'rejected')
    throw new AppError('conflict', 'This application has already been decided: no letter can be added to it');
}

/** GET application/{id}/evaluator/view: the applicant and what the letter must say; nothing else of the application. */
export async function getEvaluatorView(
  deps: EvaluatorDeps,
  tenant: TenantRow,
  applicationId: string,
  token: string,
): Promise<EvaluatorApplicationView> {
  const row = await openLink(deps, tenant, applicationId, token);
  const { application, applicant, businessName, questionId } = await loadContext(deps, row);
  const evidence = EVIDENCE_OF[questionId];
  const applicantName = userDisplayName(applicant);
  const uploaded = await repo.listEvaluatorDocuments(deps.db, row.tenantId, applicationId, row.id);
  return {
    applicationId,
    userId: application.userId,
    applicantName,
    applicantEmail: applicant.email,
    type: EVIDENCE_TEXT[evidence],
    evidence,
    businessName: evidence === 'individual-income' ? null : businessName,
    evaluator: { firstname: row.firstname, lastname: row.lastname, email: row.email },
    letterWording: letterWording(evidence, { applicantName, businessName, evaluatorName: evaluatorName(row) }, deps.clock.now()),
    expiresAt: row.expiresAt.toISOString(),
    submitted: row.submittedAt !== null,
    documents: uploaded.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
  };
}

/** POST application/{id}/evaluator/documents: one file of the letter, filed under the screen's eval-upload answer key. */
export async function uploadEvaluatorDocument(
  deps: EvaluatorDeps,
  tenant: TenantRow,
  applicationId: string,
  token: string,
  file: NewDocumentFile,
  name: string | undefined,
): Promise<EvaluatorApplicationView['documents'][number]> {
  const row = await openLink(deps, tenant, applicationId, token);
  if (row.submittedAt) throw usedLink();
  const { application, applicant, questionId } = await loadContext(deps, row);
  checkUndecided(application);
  const questionKey = EVAL_UPLOAD_KEY[questionId];
  const document = await createDocumentAs(
    deps,
    { tenantId: row.tenantId, uploadedBy: row.id, userId: null, via: evaluatorActor(row) },
    file,
    {
      name: name || `Evaluator letter for ${userDisplayName(applicant)}`,
      type: 'EVAL_LETTER',
      entityType: 'USER',
      tags: ['evaluator'],
      description: `Uploaded by ${evaluatorName(row)} (${row.email}) through an evaluator request`,
    },
    { allowed: EVALUATOR_UPLOAD_TYPES },
  );
  await deps.db.transaction(async (tx) => {
    await repo.insertEvaluatorDocument(tx, {
      tenantId: row.tenantId,
      applicationId,
      documentId: document._id,
      questionKey,
      evaluatorRequestId: row.id,
    });
    await recordEvent(tx, {
      tenantId: row.tenantId,
      type: 'upload',
      entity: applicationId,
      entityType: 'application',
      userId: null,
      message: `${evaluatorName(row)} (evaluator) uploaded ${document.name}`,
      meta: { via: evaluatorActor(row), evaluatorRequest: row.id, document: document._id, questionKey },
      refs: [{ entity: document._id, entityType: 'document' }],
    });
  });
  return {
    _id: document._id,
    name: document.name,
    originalName: document.originalName,
    size: document.size,
    createdAt: document.createdAt,
  };
}

/**
 * PUT application/{id}/evaluator/submit: the letter is in. The link is used up; an application already waiting on
 * its submitted screen for this letter moves to submitted (reviewers see it), and the applicant is told.
 */
export async function submitEvaluatorLetter(
  deps: EvaluatorDeps,
  site: EvaluatorSite,
  applicationId: string,
  token: string,
  body: EvaluatorSubmit,
): Promise<EvaluatorApplicationView> {
  const row = await openLink(deps, site.tenant, applicationId, token);
  if (row.submittedAt) throw usedLink();
  const { application, applicant } = await loadContext(deps, row);
  checkUndecided(application);
  const uploaded = new Set((await repo.listEvaluatorDocuments(deps.db, row.tenantId, applicationId, row.id)).map((d) => d._id));
  const foreign = body.documents.filter((d) => !uploaded.has(d));
  if (foreign.length)
    throw new AppError(
      'validation',
      `body.documents: upload the letter through this page; these are not its uploads: ${foreign.join(', ')}`,
    );

  const now = deps.clock.now();
  const waiting =
    (application.currentQuestionId === 'individual-submitted' || application.currentQuestionId === 'business-submitted') &&
    pendingEvaluatorQuestion(application.completedQuestionIds) === row.questionId &&
    application.status === 'in-progress';
  const moved = await deps.db.transaction(async (tx) => {
    const used = await repo.closeEvaluatorRequest(tx, row.tenantId, row.id, { submittedAt: now, message: body.message || null }, now);
    if (!used) throw usedLink();
    const statusMoved = waiting
      ? Boolean(await repo.moveApplicationStatus(tx, row.tenantId, applicationId, 'in-progress', 'submitted', now))
      : false;
    if (statusMoved) await emitApplicationStatusChanged(tx, application, 'in-progress', 'submitted', now);
    await recordEvent(tx, {
      tenantId: row.tenantId,
      type: statusMoved ? 'status' : 'update',
      entity: applicationId,
      entityType: 'application',
      userId: null,
      message: `${evaluatorName(row)} (evaluator) submitted the letter`,
      meta: {
        via: evaluatorActor(row),
        evaluatorRequest: row.id,
        documents: body.documents,
        change: {
          evaluatorSubmittedAt: { old: null, new: used.submittedAt!.toISOString() },
          ...(statusMoved ? { status: { old: 'in-progress', new: 'submitted' } } : {}),
        },
      },
      refs: [{ entity: application.userId, entityType: 'user' }],
    });
    return statusMoved;
  });

  await deps.mailer.send({
    to: applicant.email,
    tenantId: row.tenantId,
    ...evaluatorSubmittedMail({
      tenantName: site.tenant.name,
      evaluatorName: evaluatorName(row),
      underReview: moved || application.status === 'submitted',
      url: `${site.origin}/investor/applications/${applicationId}`,
    }),
  });
  return getEvaluatorView(deps, site.tenant, applicationId, token);
}
