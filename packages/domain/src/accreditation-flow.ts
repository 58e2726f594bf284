import { z } from 'zod';
import type { ApplicationStatus } from './enums.ts';
import { objectId } from './ids.ts';
import { EMAIL_PATTERN, personName } from './validation.ts';

/**
 * The accreditation wizard (001 §2 question screens, §3 answer keys, §4 flow and status rules, §5 validations) as
 * data: the screens, what each one asks, where Next goes from it and the status an application has on it. The API
 * walks this graph on every Next and Back, so the status is always the server's; the web renders the same screens.
 */
export const accreditationQuestionId = z.enum([
  'identity',
  'individual-method',
  'individual-income-method',
  'individual-income-doc-upload',
  'individual-income-eval-upload',
  'individual-income-eval-request',
  'individual-license',
  'individual-assets',
  'individual-high-minimum',
  'individual-requirements-unmet',
  'individual-submitted',
  'business-select',
  // business-create is a screen of the wizard shown over business-select (001 §4: "success returns to business
  // select"); it creates a business through POST business and never becomes the application's current question.
  'business-create',
  'business-owners',
  'business-method',
  'business-assets-method',
  'business-assets-doc-upload',
  'business-assets-eval-upload',
  'business-assets-eval-request',
  'business-owners-method',
  'business-owners-doc-upload',
  'business-owners-eval-upload',
  'business-owners-eval-request',
  'business-high-minimum',
  'business-rejected',
  'business-submitted',
]);
export type AccreditationQuestionId = z.infer<typeof accreditationQuestionId>;

export const FIRST_QUESTION: AccreditationQuestionId = 'identity';

/** Screens that end the wizard: Next is not offered on them, Back is. */
export const TERMINAL_QUESTIONS: readonly AccreditationQuestionId[] = [
  'individual-requirements-unmet',
  'individual-submitted',
  'business-rejected',
  'business-submitted',
];

// ---------------------------------------------------------------------------------------------------------------
// Answers (001 §3 answer keys). Document answers are lists of document ids uploaded to the application.

const documentIds = z.array(objectId).max(20, 'At most 20 documents');
const requiredDocuments = (what: string) => documentIds.min(1, `Upload ${what}`);
const confirmed = (message: string) => z.literal(true, { error: message });

export const identityAnswer = z.enum(['individual', 'business'], { error: 'Choose whether you apply as an individual or a business' });
export const individualMethod = z.enum(['income', 'assets', 'license', 'high-minimum', 'none'], {
  error: 'Choose how you qualify',
});
export const evaluationMethod = z.enum(['doc-upload', 'eval-upload', 'eval-request'], { error: 'Choose how you will show it' });
export const businessEvaluationMethod = z.enum(['doc-upload', 'eval-upload', 'eval-request', 'none'], {
  error: 'Choose how you will show it',
});
export const businessMethod = z.enum(['assets', 'owners', 'high-minimum', 'none'], { error: 'Choose how your business qualifies' });
export const licenseType = z.enum(['series-7', 'series-65', 'series-82'], { error: 'Choose your license' });
export type LicenseType = z.infer<typeof licenseType>;
export const licenseTypeLabels: Record<LicenseType, string> = {
  'series-7': 'Series 7 (General Securities Representative)',
  'series-65': 'Series 65 (Investment Adviser Representative)',
  'series-82': 'Series 82 (Private Securities Offerings Representative)',
};
/** A FINRA Central Registration Depository number: 1 to 8 digits. */
export const crdNumber = z
  .string({ error: 'CRD number is required' })
  .trim()
  .regex(/^\d{1,8}$/, 'A CRD number is 1 to 8 digits');

/** 001 §5, §8: the evaluator's e-mail; a malformed one reads 'Invalid email' on this side of the product. */
export const INVALID_EMAIL = 'Invalid email';
export const evaluatorEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, INVALID_EMAIL);

const evaluatorFields = <P extends 'individualIncome' | 'businessAssets' | 'businessOwners'>(prefix: P) =>
  ({
    [`${prefix}EvalFirstName`]: personName('First name'),
    [`${prefix}EvalLastName`]: personName('Last name'),
    [`${prefix}EvalEmail`]: evaluatorEmail,
  }) as unknown as Record<`${P}EvalFirstName` | `${P}EvalLastName` | `${P}EvalEmail`, z.ZodType<string>>;

/** What each screen asks; Next is refused (400) until its answers pass. Screens without answers ask nothing. */
export const questionAnswers = {
  identity: z.object({ identity: identityAnswer }),
  'individual-method': z.object({ individualMethod }),
  'individual-income-method': z.object({ individualIncomeMethod: evaluationMethod }),
  'individual-income-doc-upload': z
    .object({
      individualIncomeDocUploadPrevYearSelf: requiredDocuments('your tax documents for the earlier year'),
      individualIncomeDocUploadCurrYearSelf: requiredDocuments('your tax documents for the later year'),
      individualIncomeDocUploadPrevYearSpouse: documentIds.default([]),
      individualIncomeDocUploadCurrYearSpouse: documentIds.default([]),
      individualIncomeDocUploadPrevYearIncomeConfirm: confirmed('Confirm your income in both years'),
      individualIncomeDocUploadConfirm: confirmed('Confirm that the documents are true and complete'),
    })
    .refine((a) => a.individualIncomeDocUploadCurrYearSpouse.length === 0 || a.individualIncomeDocUploadPrevYearSpouse.length > 0, {
      path: ['individualIncomeDocUploadPrevYearSpouse'],
      message: "Upload your spouse's tax documents for the earlier year too",
    }),
  'individual-income-eval-upload': z.object({
    individualIncomeEvalUpload: requiredDocuments("your evaluator's letter"),
    individualIncomeEvalUploadConfirm: confirmed('Certify that the letter is genuine'),
  }),
  'individual-income-eval-request': z.object(evaluatorFields('individualIncome')),
  'individual-license': z.object({
    individualLicenseType: licenseType,
    individualLicenseCrd: crdNumber,
    individualLicenseConfirm: confirmed('Confirm that your license is in good standing'),
  }),
  'individual-assets': z.object({
    individualAssetsAssetStatement: requiredDocuments('an asset statement'),
    individualAssetsAssetAdditional: documentIds.default([]),
    individualAssetsLiabilityCreditReport: requiredDocuments('a credit report'),
    individualAssetsLiabilityAdditional: documentIds.default([]),
    individualAssetsConfirmCreditReportIncludesPrimaryMortgage: confirmed('Confirm what the credit report includes'),
    individualAssetsConfirmPrimaryMortgageFairMarket: confirmed('Confirm the mortgage on your primary residence'),
    individualAssetsConfirmLiabilities: confirmed('Confirm that you have disclosed all your liabilities'),
  }),
  'individual-high-minimum': z.object({
    highMinimumOfferId: objectId.describe('The offer whose minimum investment qualifies'),
    highMinimumAccreditedStatement: confirmed('Confirm that you are an accredited investor'),
    highMinimumNoFinancingStatement: confirmed('Confirm that your investment is not financed by a third party'),
  }),
  'business-select': z.object({ businessId: objectId.describe('The business applying') }),
  'business-owners': z.object({}),
  'business-method': z.object({ businessMethod }),
  'business-assets-method': z.object({ businessAssetsMethod: businessEvaluationMethod }),
  'business-assets-doc-upload': z.object({
    businessAssetsDocUpload: requiredDocuments("your business's asset statements"),
    businessAssetsDocUploadConfirm: confirmed('Confirm that the documents are true and complete'),
  }),
  'business-assets-eval-upload': z.object({
    businessAssetsEvalUpload: requiredDocuments("your evaluator's letter"),
    businessAssetsEvalUploadConfirm: confirmed('Certify that the letter is genuine'),
  }),
  'business-assets-eval-request': z.object(evaluatorFields('businessAssets')),
  'business-owners-method': z.object({ businessOwnersMethod: businessEvaluationMethod }),
  'business-owners-doc-upload': z.object({
    businessOwnersDocUpload: requiredDocuments("the owners' accreditation documents"),
    businessOwnersDocUploadConfirm: confirmed('Confirm that the documents are true and complete'),
  }),
  'business-owners-eval-upload': z.object({
    businessOwnersEvalUpload: requiredDocuments("your evaluator's letter"),
    businessOwnersEvalUploadConfirm: confirmed('Certify that the letter is genuine'),
  }),
  'business-owners-eval-request': z.object(evaluatorFields('businessOwners')),
  'business-high-minimum': z.object({
    highMinimumOfferId: objectId.describe('The offer whose minimum investment qualifies'),
    highMinimumAccreditedStatement: confirmed('Confirm that your business is an accredited investor'),
    highMinimumNoFinancingStatement: confirmed('Confirm that the investment is not financed by a third party'),
  }),
} satisfies Partial<Record<AccreditationQuestionId, z.ZodType>>;

export type AnsweredQuestionId = keyof typeof questionAnswers;
export const isAnsweredQuestion = (id: AccreditationQuestionId): id is AnsweredQuestionId => id in questionAnswers;

/** Everything answered so far (001 §3 questionData): the answers of every screen, merged. */
export type QuestionData = Record<string, unknown>;

/** The evaluator-request screens and the answer-key prefix each uses. */
export const EVALUATOR_REQUEST_QUESTIONS = {
  'individual-income-eval-request': 'individualIncome',
  'business-assets-eval-request': 'businessAssets',
  'business-owners-eval-request': 'businessOwners',
} as const satisfies Partial<Record<AccreditationQuestionId, string>>;
export type EvaluatorRequestQuestionId = keyof typeof EVALUATOR_REQUEST_QUESTIONS;
export const isEvaluatorRequestQuestion = (id: string): id is EvaluatorRequestQuestionId => id in EVALUATOR_REQUEST_QUESTIONS;

/** Answer keys that hold document ids, and the document type and tags an upload for each gets (001 §3). */
export const DOCUMENT_ANSWER_KEYS = {
  individualIncomeDocUploadPrevYearSelf: { type: 'INCOME_TAX', tags: ['self', 'prev-year'] },
  individualIncomeDocUploadCurrYearSelf: { type: 'INCOME_TAX', tags: ['self', 'curr-year'] },
  individualIncomeDocUploadPrevYearSpouse: { type: 'INCOME_TAX', tags: ['spouse', 'prev-year'] },
  individualIncomeDocUploadCurrYearSpouse: { type: 'INCOME_TAX', tags: ['spouse', 'curr-year'] },
  individualIncomeEvalUpload: { type: 'EVAL_LETTER', tags: ['evaluator'] },
  individualAssetsAssetStatement: { type: 'ASSET', tags: ['statement'] },
  individualAssetsAssetAdditional: { type: 'ASSET', tags: ['additional'] },
  individualAssetsLiabilityCreditReport: { type: 'CREDIT_REPORT', tags: ['statement'] },
  individualAssetsLiabilityAdditional: { type: 'LIABILITY', tags: ['additional'] },
  businessAssetsDocUpload: { type: 'ASSET', tags: ['statement'] },
  businessAssetsEvalUpload: { type: 'EVAL_LETTER', tags: ['evaluator'] },
  businessOwnersDocUpload: { type: 'OWNERSHIP', tags: ['statement'] },
  businessOwnersEvalUpload: { type: 'EVAL_LETTER', tags: ['evaluator'] },
} as const;
export type DocumentAnswerKey = keyof typeof DOCUMENT_ANSWER_KEYS;
export const documentAnswerKey = z.enum(Object.keys(DOCUMENT_ANSWER_KEYS) as [DocumentAnswerKey, ...DocumentAnswerKey[]], {
  error: 'Choose which answer the document is evidence for',
});
export const isDocumentAnswerKey = (key: string): key is DocumentAnswerKey => key in DOCUMENT_ANSWER_KEYS;

// ---------------------------------------------------------------------------------------------------------------
// Freshness (001 §5, §9): statements within the previous 90 days, the credit report within the last month.

export const STATEMENT_MAX_AGE_DAYS = 90;
export const CREDIT_REPORT_MAX_AGE_DAYS = 30;

/** How recent a document given for this answer must be, in days; null when its date does not matter (tax returns, letters). */
export function maxDocumentAgeDays(key: DocumentAnswerKey): number | null {
  const { type } = DOCUMENT_ANSWER_KEYS[key];
  if (type === 'CREDIT_REPORT') return CREDIT_REPORT_MAX_AGE_DAYS;
  if (type === 'ASSET' || type === 'LIABILITY') return STATEMENT_MAX_AGE_DAYS;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a document dated `date` is refused for this answer at `now`, or null when it is fresh enough. */
export function documentDateProblem(key: DocumentAnswerKey, date: Date, now: Date): string | null {
  const maxAge = maxDocumentAgeDays(key);
  if (maxAge === null) return null;
  if (date.getTime() > now.getTime() + DAY_MS) return 'The document date cannot be in the future';
  if (now.getTime() - date.getTime() > maxAge * DAY_MS) {
    return DOCUMENT_ANSWER_KEYS[key].type === 'CREDIT_REPORT'
      ? 'The credit report must be dated within the last month'
      : `The document must be dated within the previous ${maxAge} days`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Income year pair (001 §9): before July the latest complete tax year is two years ago, otherwise last year.

export function incomeYearPair(now: Date): { prevYear: number; currYear: number } {
  const year = now.getUTCFullYear();
  const currYear = now.getUTCMonth() < 6 ? year - 2 : year - 1;
  return { prevYear: currYear - 1, currYear };
}

// ---------------------------------------------------------------------------------------------------------------
// Flow (001 §4).

/** Where Next goes from a screen with these answers (the screen's own answers merged into everything so far). */
export function nextQuestion(from: AccreditationQuestionId, data: QuestionData): AccreditationQuestionId | null {
  switch (from) {
    case 'identity':
      return data.identity === 'business' ? 'business-select' : 'individual-method';
    case 'individual-method':
      return (
        (
          {
            income: 'individual-income-method',
            assets: 'individual-assets',
            license: 'individual-license',
            'high-minimum': 'individual-high-minimum',
            none: 'individual-requirements-unmet',
          } as const
        )[data.individualMethod as z.infer<typeof individualMethod>] ?? null
      );
    case 'individual-income-method':
      return (
        (
          {
            'doc-upload': 'individual-income-doc-upload',
            'eval-upload': 'individual-income-eval-upload',
            'eval-request': 'individual-income-eval-request',
          } as const
        )[data.individualIncomeMethod as z.infer<typeof evaluationMethod>] ?? null
      );
    // 001 §4 says in one place that the income evaluator-upload screen goes to business-submitted; an individual's
    // income letter has no business, so it goes to individual-submitted like the other income paths.
    case 'individual-income-doc-upload':
    case 'individual-income-eval-upload':
    case 'individual-income-eval-request':
    case 'individual-license':
    case 'individual-assets':
    case 'individual-high-minimum':
      return 'individual-submitted';
    case 'business-select':
    case 'business-create':
      return 'business-owners';
    case 'business-owners':
      return 'business-method';
    case 'business-method':
      return (
        (
          {
            assets: 'business-assets-method',
            owners: 'business-owners-method',
            'high-minimum': 'business-high-minimum',
            none: 'business-rejected',
          } as const
        )[data.businessMethod as z.infer<typeof businessMethod>] ?? null
      );
    case 'business-assets-method':
      return (
        (
          {
            'doc-upload': 'business-assets-doc-upload',
            'eval-upload': 'business-assets-eval-upload',
            'eval-request': 'business-assets-eval-request',
            none: 'business-rejected',
          } as const
        )[data.businessAssetsMethod as z.infer<typeof businessEvaluationMethod>] ?? null
      );
    case 'business-owners-method':
      return (
        (
          {
            'doc-upload': 'business-owners-doc-upload',
            'eval-upload': 'business-owners-eval-upload',
            'eval-request': 'business-owners-eval-request',
            none: 'business-rejected',
          } as const
        )[data.businessOwnersMethod as z.infer<typeof businessEvaluationMethod>] ?? null
      );
    case 'business-assets-doc-upload':
    case 'business-assets-eval-upload':
    case 'business-assets-eval-request':
    case 'business-owners-doc-upload':
    case 'business-owners-eval-upload':
    case 'business-owners-eval-request':
    case 'business-high-minimum':
      return 'business-submitted';
    case 'individual-requirements-unmet':
    case 'individual-submitted':
    case 'business-rejected':
    case 'business-submitted':
      return null;
  }
}

/** The evaluator-request screen the applicant came through, if the path ends waiting for an evaluator. */
export function pendingEvaluatorQuestion(completed: readonly string[]): EvaluatorRequestQuestionId | null {
  const last = completed.at(-1);
  return last && isEvaluatorRequestQuestion(last) ? last : null;
}

/**
 * The status an application has on a screen (001 §4), for Next and Back alike: the submitted screens give submitted,
 * the rejection screens rejected, every other screen in-progress. One refinement: a submitted screen reached through
 * an evaluator request stays in-progress until the evaluator submits the letter (then submitted), so reviewers are
 * not handed an application without its evidence.
 */
export function statusAt(question: AccreditationQuestionId, completed: readonly string[]): ApplicationStatus {
  if (question === 'individual-submitted' || question === 'business-submitted') {
    return pendingEvaluatorQuestion(completed) ? 'in-progress' : 'submitted';
  }
  if (question === 'individual-requirements-unmet' || question === 'business-rejected') return 'rejected';
  return 'in-progress';
}

/** How the applicant showed accreditation, as the certificate names it; null until a method is chosen. */
export const verificationMethod = z.enum(['income', 'net-worth', 'license', 'high-minimum', 'business-assets', 'business-owners']);
export type VerificationMethod = z.infer<typeof verificationMethod>;
export const verificationMethodLabels: Record<VerificationMethod, string> = {
  income: 'Income (Rule 501(a)(6))',
  'net-worth': 'Net worth (Rule 501(a)(5))',
  license: 'Professional license (Rule 501(a)(10))',
  'high-minimum': 'High minimum investment with written representations (SEC staff letter, 12 March 2025)',
  'business-assets': 'Entity assets over $5,000,000 (Rule 501(a)(7), (a)(9))',
  'business-owners': 'All equity owners accredited (Rule 501(a)(8))',
};

export function verificationMethodOf(data: QuestionData): VerificationMethod | null {
  if (data.identity === 'individual') {
    const m = data.individualMethod;
    if (m === 'income') return 'income';
    if (m === 'assets') return 'net-worth';
    if (m === 'license') return 'license';
    if (m === 'high-minimum') return 'high-minimum';
  }
  if (data.identity === 'business') {
    const m = data.businessMethod;
    if (m === 'assets') return 'business-assets';
    if (m === 'owners') return 'business-owners';
    if (m === 'high-minimum') return 'high-minimum';
  }
  return null;
}

/**
 * 2025 high-minimum path (SEC staff no-action letter of 12 March 2025): the offer's minimum investment must be at
 * least this for a natural person, and at least the entity figure for a legal entity.
 */
export const HIGH_MINIMUM_INDIVIDUAL = 200_000;
export const HIGH_MINIMUM_ENTITY = 1_000_000;

/**
 * The answers a renewal keeps from the application it renews (who applied, how, the business and the license), not
 * the evidence: documents must be fresh, confirmations given again and evaluators asked again.
 */
export function renewalAnswers(data: QuestionData): QuestionData {
  const keep = [
    'identity',
    'individualMethod',
    'individualIncomeMethod',
    'individualLicenseType',
    'individualLicenseCrd',
    'businessId',
    'businessMethod',
    'businessAssetsMethod',
    'businessOwnersMethod',
  ];
  return Object.fromEntries(keep.filter((k) => data[k] !== undefined).map((k) => [k, data[k]]));
}

// ---------------------------------------------------------------------------------------------------------------
// Validity (001 §1, §4, §9): an approval is valid one year from the review date.

export function approvalExpiry(reviewedAt: Date | string): Date {
  const expiry = new Date(reviewedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry;
}

/** True when an approved application's year has passed: it then reads as not approved everywhere and offers renewal. */
export function isApprovalExpired(status: ApplicationStatus, reviewedAt: Date | string | null, now: Date): boolean {
  return status === 'approved' && reviewedAt !== null && approvalExpiry(reviewedAt).getTime() <= now.getTime();
}

/** The label of 001 §1 for an application as it stands now; an expired approval is no longer 'Verified Accredited Investor'. */
export const EXPIRED_ACCREDITATION_LABEL = 'Accreditation Expired';
