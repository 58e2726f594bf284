import type { z } from 'zod';
import {
  businessEvaluationMethod,
  businessMethod,
  EXPIRED_ACCREDITATION_LABEL,
  identityAnswer,
  individualMethod,
  isAnsweredQuestion,
  licenseTypeLabels,
  questionAnswers,
  type AccreditationQuestionId,
  type AnsweredQuestionId,
  type QuestionData,
  type VerificationMethod,
} from './accreditation-flow.ts';
import { applicationStatusColors, applicationStatusLabels, evaluatorRequestState } from './application.ts';
import { accreditationStatusLabel, type ApplicationStatus, type UserRole } from './enums.ts';

/**
 * How people read an accreditation application: the answer keys of 001 §3 and their values in words, for the
 * reviewers' Completed Questions card (001 §2) and anywhere else an answer is shown. Raw ids never show: document
 * answers are links the screen draws, the business and the offer are named by the screen from their own records.
 */

/** Every answer key a wizard screen asks (001 §3 questionData keys, plus the 2025 high-minimum statements). */
export type AccreditationAnswerKey = {
  [Q in AnsweredQuestionId]: keyof z.input<(typeof questionAnswers)[Q]> & string;
}[AnsweredQuestionId];

export const accreditationAnswerLabels: Record<AccreditationAnswerKey, string> = {
  identity: 'Applying as',
  individualMethod: 'Qualifies by',
  individualIncomeMethod: 'Income shown by',
  individualIncomeDocUploadPrevYearSelf: 'Tax documents, earlier year',
  individualIncomeDocUploadCurrYearSelf: 'Tax documents, later year',
  individualIncomeDocUploadPrevYearSpouse: "Spouse's tax documents, earlier year",
  individualIncomeDocUploadCurrYearSpouse: "Spouse's tax documents, later year",
  individualIncomeDocUploadPrevYearIncomeConfirm: 'Income confirmed in both years',
  individualIncomeDocUploadConfirm: 'Documents confirmed true and complete',
  individualIncomeEvalUpload: "Evaluator's letter",
  individualIncomeEvalUploadConfirm: 'Letter certified genuine',
  individualIncomeEvalFirstName: "Evaluator's first name",
  individualIncomeEvalLastName: "Evaluator's last name",
  individualIncomeEvalEmail: "Evaluator's email",
  individualLicenseType: 'License',
  individualLicenseCrd: 'CRD number',
  individualLicenseConfirm: 'License confirmed in good standing',
  individualAssetsAssetStatement: 'Asset statement',
  individualAssetsAssetAdditional: 'Additional asset documents',
  individualAssetsLiabilityCreditReport: 'Credit report',
  individualAssetsLiabilityAdditional: 'Additional liability documents',
  individualAssetsConfirmCreditReportIncludesPrimaryMortgage: 'Credit report includes the primary mortgage',
  individualAssetsConfirmPrimaryMortgageFairMarket: 'Primary mortgage within fair market value',
  individualAssetsConfirmLiabilities: 'All liabilities disclosed',
  highMinimumOfferId: 'Qualifying offer',
  highMinimumAccreditedStatement: 'Stated to be accredited',
  highMinimumNoFinancingStatement: 'Stated not financed by a third party',
  businessId: 'Business',
  businessMethod: 'Business qualifies by',
  businessAssetsMethod: 'Business assets shown by',
  businessAssetsDocUpload: 'Business asset statements',
  businessAssetsDocUploadConfirm: 'Documents confirmed true and complete',
  businessAssetsEvalUpload: "Evaluator's letter",
  businessAssetsEvalUploadConfirm: 'Letter certified genuine',
  businessAssetsEvalFirstName: "Evaluator's first name",
  businessAssetsEvalLastName: "Evaluator's last name",
  businessAssetsEvalEmail: "Evaluator's email",
  businessOwnersMethod: 'Owners shown accredited by',
  businessOwnersDocUpload: "Owners' accreditation documents",
  businessOwnersDocUploadConfirm: 'Documents confirmed true and complete',
  businessOwnersEvalUpload: "Evaluator's letter",
  businessOwnersEvalUploadConfirm: 'Letter certified genuine',
  businessOwnersEvalFirstName: "Evaluator's first name",
  businessOwnersEvalLastName: "Evaluator's last name",
  businessOwnersEvalEmail: "Evaluator's email",
};

export const identityAnswerLabels: Record<z.infer<typeof identityAnswer>, string> = {
  individual: 'Individual',
  business: 'Business',
};

export const individualMethodLabels: Record<z.infer<typeof individualMethod>, string> = {
  income: 'Income',
  assets: 'Net worth (assets and liabilities)',
  license: 'Professional license',
  'high-minimum': 'High minimum investment',
  none: 'None of these',
};

/** How income, business assets or owners were shown (the individual income screen offers all but none). */
export const evaluationMethodLabels: Record<z.infer<typeof businessEvaluationMethod>, string> = {
  'doc-upload': 'Uploaded documents',
  'eval-upload': "Uploaded an evaluator's letter",
  'eval-request': 'Asked an evaluator for a letter',
  none: 'None of these',
};

export const businessMethodLabels: Record<z.infer<typeof businessMethod>, string> = {
  assets: 'Business assets',
  owners: 'Accredited owners',
  'high-minimum': 'High minimum investment',
  none: 'None of these',
};

/** The answers whose values come from a list, and the words for each value. */
const VALUE_LABELS: Partial<Record<AccreditationAnswerKey, Record<string, string>>> = {
  identity: identityAnswerLabels,
  individualMethod: individualMethodLabels,
  individualIncomeMethod: evaluationMethodLabels,
  individualLicenseType: licenseTypeLabels,
  businessMethod: businessMethodLabels,
  businessAssetsMethod: evaluationMethodLabels,
  businessOwnersMethod: evaluationMethodLabels,
};

/** Answers that hold the id of another record (named by the screen from that record, never shown raw). */
export const RECORD_ANSWER_KEYS = ['businessId', 'highMinimumOfferId'] as const;

/** A label for any answer key; an unknown key (an answer a later version added) reads as itself. */
export function accreditationAnswerLabel(key: string): string {
  return (accreditationAnswerLabels as Record<string, string>)[key] ?? key;
}

/**
 * An answer's value in words: Yes/No for confirmations, the label of a listed value, the text itself otherwise;
 * null for values that are not words (document ids, record ids, lists, nothing), which the screen draws itself.
 */
export function accreditationAnswerText(key: string, value: unknown): string | null {
  if ((RECORD_ANSWER_KEYS as readonly string[]).includes(key)) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') return null;
  const labels = VALUE_LABELS[key as AccreditationAnswerKey];
  return labels ? (labels[value] ?? value) : value;
}

/** The answer keys each screen asks, in the order the screen asks them. */
export function questionAnswerKeys(question: string): readonly string[] {
  if (!isAnsweredQuestion(question as AccreditationQuestionId)) return [];
  return Object.keys(questionAnswers[question as AnsweredQuestionId].shape);
}

/**
 * The answers given, in the order the applicant answered the screens (001 §2 Completed Questions): for each completed
 * screen, its answer keys that hold a value. Keys answered on no completed screen (left over after a Back) are left out.
 */
export function completedAnswers(completedQuestionIds: readonly string[], data: QuestionData): { key: string; value: unknown }[] {
  const seen = new Set<string>();
  const answers: { key: string; value: unknown }[] = [];
  for (const question of completedQuestionIds) {
    for (const key of questionAnswerKeys(question)) {
      const value = data[key];
      if (seen.has(key) || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
      seen.add(key);
      answers.push({ key, value });
    }
  }
  return answers;
}

/** How the verification method reads in a table column, where the rule's reference would not fit. */
export const verificationMethodShortLabels: Record<VerificationMethod, string> = {
  income: 'Income',
  'net-worth': 'Net worth',
  license: 'License',
  'high-minimum': 'High minimum',
  'business-assets': 'Business assets',
  'business-owners': 'Business owners',
};

export const evaluatorRequestStateLabels: Record<z.infer<typeof evaluatorRequestState>, string> = {
  pending: 'Waiting for the letter',
  submitted: 'Letter submitted',
  revoked: 'Revoked',
  expired: 'Link expired',
};

export const evaluatorRequestStateColors: Record<z.infer<typeof evaluatorRequestState>, 'success' | 'warning' | 'default'> = {
  pending: 'warning',
  submitted: 'success',
  revoked: 'default',
  expired: 'default',
};

/** What an evaluator is asked to vouch for, by the screen the request came from. */
export const evaluatorRequestEvidenceLabels: Partial<Record<AccreditationQuestionId, string>> = {
  'individual-income-eval-request': 'Income',
  'business-assets-eval-request': 'Business assets',
  'business-owners-eval-request': 'Business owners',
};

/** How reviewers read an expired approval in a list (its status is still approved; 001 §1: it no longer counts). */
export const EXPIRED_STATUS_LABEL = 'Expired';

type StatusDotColor = (typeof applicationStatusColors)[ApplicationStatus];

/** The reviewers' status of an application (list dot): an expired approval reads 'Expired'. */
export function applicationStatusDisplay(a: { status: ApplicationStatus; expired: boolean }): { label: string; color: StatusDotColor } {
  if (a.status === 'approved' && a.expired) return { label: EXPIRED_STATUS_LABEL, color: 'default' };
  return { label: applicationStatusLabels[a.status], color: applicationStatusColors[a.status] };
}

/** The status label of 001 §1 (the App Status chip): an expired approval reads EXPIRED_ACCREDITATION_LABEL. */
export function accreditationStatusDisplay(a: { status: ApplicationStatus; expired: boolean }): { label: string; color: StatusDotColor } {
  if (a.status === 'approved' && a.expired) return { label: EXPIRED_ACCREDITATION_LABEL, color: 'default' };
  return { label: accreditationStatusLabel[a.status], color: applicationStatusColors[a.status] };
}

/**
 * The reviewer's role on the Reviewed By card (001 §2: email and role; §6: the exact role names are not shown): a
 * platform admin, or a reviewer of the tenant (its owners review with an ordinary platform account).
 */
export function reviewerRoleLabel(role: UserRole): string {
  if (role === 'admin') return 'Platform admin';
  if (role === 'evaluator') return 'Evaluator';
  return 'Tenant reviewer';
}
