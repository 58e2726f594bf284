import {
  diffChanges,
  EVALUATOR_REQUEST_QUESTIONS,
  FIRST_QUESTION,
  HIGH_MINIMUM_ENTITY,
  HIGH_MINIMUM_INDIVIDUAL,
  isAnsweredQuestion,
  isDocumentAnswerKey,
  isEvaluatorRequestQuestion,
  nextQuestion,
  pendingEvaluatorQuestion,
  questionAnswers,
  statusAt,
  TERMINAL_QUESTIONS,
  userDisplayName,
  verificationMethodOf,
  type AccreditationQuestionId,
  type Application,
  type ApplicationStatus,
  type ApplicationStep,
  type QuestionData,
} from '@tessera/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { TenantRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findBusiness, listOwners } from '../businesses/index.ts';
import { offerMinimumInvestment } from '../offers/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { attachedDocuments, latestEvaluatorRequest } from './application-documents.repository.ts';
import {
  findApplication,
  moveApplicationRow,
  toApplication,
  type ApplicationWithReviewer,
  type updateApplication,
} from './applications.repository.ts';
import { loadOwn, requireUndecided, type ApplicationDeps } from './applications.service.ts';
import { emitApplicationStatusChanged } from './application-webhooks.ts';

const stale = () =>
  new AppError('conflict', 'This application has moved on since this page was opened (in another tab?): reload it to continue');
const invalid = (message: string) => new AppError('validation', message);
const invalidAnswer = (key: string, message: string) => invalid(`body.answers.${key}: ${message}`);

/**
 * The status an application has on `question` with `completed` behind it: statusAt (001 §4), refined for the one
 * case it cannot decide alone. A submitted screen reached through an evaluator request stays in-progress while the
 * evaluator has not sent the letter, and is submitted once the (newest, not revoked) request was submitted.
 */
export async function wizardStatus(
  db: DbOrTx,
  tenantId: string,
  applicationId: string,
  question: AccreditationQuestionId,
  completed: readonly string[],
): Promise<ApplicationStatus> {
  const status = statusAt(question, completed);
  const pending = pendingEvaluatorQuestion(completed);
  if (status !== 'in-progress' || !pending || (question !== 'individual-submitted' && question !== 'business-submitted')) return status;
  const request = await latestEvaluatorRequest(db, tenantId, applicationId, pending);
  return request?.submittedAt ? 'submitted' : status;
}

/** The answer keys a screen asks: Next replaces exactly these in questionData. */
function screenKeys(question: AccreditationQuestionId): string[] {
  return isAnsweredQuestion(question) ? Object.keys(questionAnswers[question].shape) : [];
}

/** The screen's answers checked with its schema (001 §5), as a 400 naming each field. */
function parseAnswers(question: AccreditationQuestionId, answers: QuestionData): QuestionData {
  const schema = isAnsweredQuestion(question) ? questionAnswers[question] : z.object({});
  const parsed = schema.safeParse(answers);
  if (parsed.success) return parsed.data as QuestionData;
  throw invalid(parsed.error.issues.map((i) => `body.answers.${i.path.join('.') || 'answers'}: ${i.message}`).join('; '));
}

/** Every document answer names documents uploaded by the applicant to this application for that same answer. */
async function checkDocumentAnswers(db: DbOrTx, row: ApplicationWithReviewer['row'], answers: QuestionData): Promise<void> {
  const keys = Object.keys(answers).filter(isDocumentAnswerKey);
  const ids = keys.flatMap((key) => answers[key] as string[]);
  const attached = new Map((await attachedDocuments(db, row.tenantId, row.id, ids)).map((d) => [d.documentId, d]));
  for (const key of keys) {
    for (const id of answers[key] as string[]) {
      const found = attached.get(id);
      if (!found || found.uploadedBy !== row.userId)
        throw invalidAnswer(key, `Document ${id} is not one you uploaded to this application: upload it here first`);
      if (found.questionKey !== key) throw invalidAnswer(key, `Document ${id} was uploaded for another question: upload it for this one`);
    }
    if (new Set(answers[key] as string[]).size !== (answers[key] as string[]).length)
      throw invalidAnswer(key, 'A document is listed twice');
  }
}

const HIGH_MINIMUM_OFF = 'This organization does not offer the high-minimum investment path';
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** 2025 high-minimum path: a tenant setting, and an offer of this tenant whose minimum is high enough for who applies. */
async function checkHighMinimum(db: DbOrTx, tenant: TenantRow, question: AccreditationQuestionId, answers: QuestionData): Promise<void> {
  const choosesIt =
    question === 'individual-high-minimum' ||
    question === 'business-high-minimum' ||
    (question === 'individual-method' && answers.individualMethod === 'high-minimum') ||
    (question === 'business-method' && answers.businessMethod === 'high-minimum');
  if (!choosesIt) return;
  if (!tenant.highMinimumPath) throw invalid(HIGH_MINIMUM_OFF);
  if (question !== 'individual-high-minimum' && question !== 'business-high-minimum') return;
  const offer = await offerMinimumInvestment(db, tenant.id, answers.highMinimumOfferId as string);
  if (!offer) throw invalidAnswer('highMinimumOfferId', 'Choose an offer of this marketplace');
  const entity = question === 'business-high-minimum';
  const threshold = entity ? HIGH_MINIMUM_ENTITY : HIGH_MINIMUM_INDIVIDUAL;
  if (offer.minimum === null || offer.minimum < threshold)
    throw invalidAnswer(
      'highMinimumOfferId',
      `The minimum investment of ${offer.name} (${offer.minimum === null ? 'none' : dollars(offer.minimum)}) is below ${dollars(threshold)}, the least for ${entity ? 'a business' : 'an individual'} on this path`,
    );
}

/** The business screens: one of the caller's own businesses, and (to leave the owners screen) one with owners. */
async function checkBusiness(
  db: DbOrTx,
  auth: AuthContext,
  question: AccreditationQuestionId,
  answers: QuestionData,
  data: QuestionData,
): Promise<void> {
  if (question === 'business-select') {
    const business = await findBusiness(db, auth.tenantId, answers.businessId as string);
    if (!business || business.createdBy !== auth.user.id) throw invalidAnswer('businessId', 'Choose one of your own businesses');
  }
  if (question === 'business-owners') {
    const businessId = typeof data.businessId === 'string' ? data.businessId : null;
    const owners = businessId ? await listOwners(db, auth.tenantId, [businessId]) : [];
    if (owners.length === 0) throw invalid('Add the business owners first');
  }
}

/**
 * The answers of an evaluator-request screen are the request the applicant sent from it (PUT application/{id}/evaluator):
 * Next is refused until there is one, and then records whom it went to.
 */
async function evaluatorAnswers(db: DbOrTx, row: ApplicationWithReviewer['row'], question: AccreditationQuestionId) {
  if (!isEvaluatorRequestQuestion(question)) return null;
  const request = await latestEvaluatorRequest(db, row.tenantId, row.id, question);
  if (!request) throw invalid('Send the request to your evaluator first');
  const prefix = EVALUATOR_REQUEST_QUESTIONS[question];
  return {
    [`${prefix}EvalFirstName`]: request.firstname,
    [`${prefix}EvalLastName`]: request.lastname,
    [`${prefix}EvalEmail`]: request.email,
  };
}

/** An answer as the timeline keeps it: document lists by id only, as they are stored. */
const changedAnswers = (before: QuestionData, after: QuestionData) =>
  Object.fromEntries(Object.entries(diffChanges(before, after)).map(([key, change]) => [`questionData.${key}`, change]));

/**
 * PUT application/{id}: one Next or Back of the wizard (001 §4), by the applicant only. The client names the screen
 * it is on; another screen (a stale tab) or a reviewed application is a 409. Next checks the screen's answers (001 §5
 * and the server's own rules: documents of this application, the caller's business, the high-minimum path, a sent
 * evaluator request), merges them, moves to nextQuestion and sets the status the screen reached gives; Back returns
 * to the last completed screen. The status is always the server's.
 */
export async function moveApplication(
  deps: ApplicationDeps,
  auth: AuthContext,
  tenant: TenantRow,
  id: string,
  step: ApplicationStep,
): Promise<Application> {
  const { db } = deps;
  const found = await loadOwn(db, auth, id);
  const { row } = found;
  requireUndecided(found);
  const current = (row.currentQuestionId ?? FIRST_QUESTION) as AccreditationQuestionId;
  if (step.questionId !== current) throw stale();

  let values: Parameters<typeof updateApplication>[3];
  if (step.direction === 'back') {
    const previous = row.completedQuestionIds.at(-1) as AccreditationQuestionId | undefined;
    if (!previous) throw invalid('This is the first question: there is nothing to go back to');
    const completed = row.completedQuestionIds.slice(0, -1);
    values = {
      currentQuestionId: previous,
      completedQuestionIds: completed,
      status: await wizardStatus(db, row.tenantId, row.id, previous, completed),
    };
  } else {
    if (TERMINAL_QUESTIONS.includes(current)) throw invalid('This is the last question of the application: there is no Next from it');
    const answers = parseAnswers(current, (await evaluatorAnswers(db, row, current)) ?? step.answers);
    const keys = screenKeys(current);
    const data: QuestionData = {
      ...Object.fromEntries(Object.entries(row.questionData).filter(([key]) => !keys.includes(key))),
      ...answers,
    };
    await checkDocumentAnswers(db, row, answers);
    await checkBusiness(db, auth, current, answers, data);
    await checkHighMinimum(db, tenant, current, answers);
    const next = nextQuestion(current, data);
    if (!next) throw invalid('This answer leads nowhere: choose one of the options');
    const completed = [...row.completedQuestionIds, current];
    values = {
      currentQuestionId: next,
      completedQuestionIds: completed,
      questionData: data,
      status: await wizardStatus(db, row.tenantId, row.id, next, completed),
      verificationMethod: verificationMethodOf(data),
      businessId: data.identity === 'business' && typeof data.businessId === 'string' ? data.businessId : null,
    };
  }

  await db.transaction(async (tx) => {
    if (!(await moveApplicationRow(tx, row, values))) throw stale();
    const change = {
      ...diffChanges(
        {
          status: row.status,
          currentQuestionId: row.currentQuestionId,
          verificationMethod: row.verificationMethod,
          business: row.businessId,
        },
        {
          status: values.status,
          currentQuestionId: values.currentQuestionId,
          verificationMethod: values.verificationMethod,
          business: values.businessId,
        },
      ),
      ...(values.questionData && changedAnswers(row.questionData, values.questionData)),
    };
    const who = userDisplayName(auth.user);
    await recordEvent(tx, {
      tenantId: row.tenantId,
      type: values.status !== row.status ? 'status' : 'update',
      entity: row.id,
      entityType: 'application',
      userId: auth.user.id,
      message:
        step.direction === 'back'
          ? `${who} went back from ${current} to ${values.currentQuestionId}`
          : `${who} answered ${current} and moved on to ${values.currentQuestionId}`,
      meta: { change },
      refs: [
        { entity: row.userId, entityType: 'user' },
        ...(values.businessId ? [{ entity: values.businessId, entityType: 'business' as const }] : []),
      ],
    });
    if (values.status) await emitApplicationStatusChanged(tx, row, row.status, values.status, deps.clock.now());
  });
  const updated = await findApplication(db, row.tenantId, row.id);
  return toApplication(updated!, deps.clock.now());
}
