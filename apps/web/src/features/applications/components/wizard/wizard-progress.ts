import type { AccreditationQuestionId } from '@tessera/domain';

/** The stages a path goes through; the screens of one stage share a step of the progress indicator. */
const INDIVIDUAL_STAGES = ['Who is applying', 'How you qualify', 'Your evidence', 'Review'] as const;
const BUSINESS_STAGES = ['Who is applying', 'Your business', 'How it qualifies', 'Your evidence', 'Review'] as const;

const STAGE_OF: Record<AccreditationQuestionId, number> = {
  identity: 0,
  'individual-method': 1,
  'individual-income-method': 1,
  'individual-income-doc-upload': 2,
  'individual-income-eval-upload': 2,
  'individual-income-eval-request': 2,
  'individual-license': 2,
  'individual-assets': 2,
  'individual-high-minimum': 2,
  'individual-requirements-unmet': 3,
  'individual-submitted': 3,
  'business-select': 1,
  'business-create': 1,
  'business-owners': 1,
  'business-method': 2,
  'business-assets-method': 2,
  'business-owners-method': 2,
  'business-assets-doc-upload': 3,
  'business-assets-eval-upload': 3,
  'business-assets-eval-request': 3,
  'business-owners-doc-upload': 3,
  'business-owners-eval-upload': 3,
  'business-owners-eval-request': 3,
  'business-high-minimum': 3,
  'business-rejected': 4,
  'business-submitted': 4,
};

export interface WizardProgress {
  step: number;
  total: number;
  stage: string;
  percent: number;
}

/** Where a screen stands on its path: the business path has one stage more (the business and its owners). */
export function wizardProgress(questionId: AccreditationQuestionId, identity: unknown): WizardProgress {
  const business = questionId.startsWith('business-') || (questionId === 'identity' && identity === 'business');
  const stages: readonly string[] = business ? BUSINESS_STAGES : INDIVIDUAL_STAGES;
  const index = STAGE_OF[questionId];
  return { step: index + 1, total: stages.length, stage: stages[index]!, percent: Math.round(((index + 1) / stages.length) * 100) };
}
