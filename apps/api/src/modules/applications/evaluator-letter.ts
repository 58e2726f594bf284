import { incomeYearPair, type DocumentAnswerKey, type EvaluatorApplicationView, type EvaluatorRequestQuestionId } from '@tessera/domain';

/** What an evaluator's letter is evidence of, from the evaluator-request screen it was asked from. */
export type EvaluatorEvidence = EvaluatorApplicationView['evidence'];

export const EVIDENCE_OF: Record<EvaluatorRequestQuestionId, EvaluatorEvidence> = {
  'individual-income-eval-request': 'individual-income',
  'business-assets-eval-request': 'business-assets',
  'business-owners-eval-request': 'business-owners',
};

/** The answer key (001 §3) an evaluator's upload is filed under, so the letter sits with the evidence it replaces. */
export const EVAL_UPLOAD_KEY: Record<EvaluatorRequestQuestionId, DocumentAnswerKey> = {
  'individual-income-eval-request': 'individualIncomeEvalUpload',
  'business-assets-eval-request': 'businessAssetsEvalUpload',
  'business-owners-eval-request': 'businessOwnersEvalUpload',
};

export const EVIDENCE_TEXT: Record<EvaluatorEvidence, string> = {
  'individual-income': 'Accredited investor verification (income)',
  'business-assets': 'Accredited investor verification (business assets)',
  'business-owners': 'Accredited investor verification (business owners)',
};

/** Who may write the letter under Rule 506(c)(2)(ii)(C). */
const QUALIFIED =
  'a registered broker-dealer, an SEC-registered investment adviser, a licensed attorney in good standing or a certified public accountant in good standing';

/**
 * The statement the letter must make for the rule the applicant relies on (Rule 501(a) of Regulation D), verified
 * within the last three months as Rule 506(c)(2)(ii)(C) asks. The income years are the year pair of 001 §9 at `now`.
 */
export function letterWording(
  evidence: EvaluatorEvidence,
  who: { applicantName: string; businessName: string | null; evaluatorName: string },
  now: Date,
): string {
  const intro = `I, ${who.evaluatorName}, am ${QUALIFIED}. Within the last three months I have taken reasonable steps to verify`;
  const business = who.businessName ?? 'the business';
  switch (evidence) {
    case 'individual-income': {
      const { prevYear, currYear } = incomeYearPair(now);
      return `${intro}, by reviewing the Internal Revenue Service forms that report income (such as Forms W-2, 1099, K-1 or 1040), that ${who.applicantName} had an individual income of more than $200,000, or a joint income with a spouse or spousal equivalent of more than $300,000, in each of the years ${prevYear} and ${currYear}, and has a reasonable expectation of reaching the same income level in ${now.getUTCFullYear()}. On this basis I confirm that ${who.applicantName} is an accredited investor under Rule 501(a)(6) of Regulation D.`;
    }
    case 'business-assets':
      return `${intro}, by reviewing its financial statements, that ${business} has total assets of more than $5,000,000 and was not formed for the specific purpose of acquiring the securities offered. On this basis I confirm that ${business} is an accredited investor under Rule 501(a) of Regulation D.`;
    case 'business-owners':
      return `${intro} that every equity owner of ${business} is an accredited investor. On this basis I confirm that ${business} is an accredited investor under Rule 501(a)(8) of Regulation D.`;
  }
}
