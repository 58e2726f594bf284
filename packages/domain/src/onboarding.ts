import { z } from 'zod';
import type { IdentityVerificationStatus, OnboardingStatus } from './enums.ts';
import { onboardingStatus, type ApplicationStatus } from './enums.ts';
import {
  onboardingStage,
  type ExperienceLevel,
  type FinancialGoal,
  type InvestmentHorizon,
  type InvestOnboarding,
  type OnboardingLevel,
  type OnboardingStage,
} from './onboarding-state.ts';

// ── Stages (001 §2 questionnaire, §3 investOnboarding) ───────────────────────────────────

/** The stages with a form of their own, the ones `POST user/{id}/onboarding/{stage}` saves. */
export const onboardingFormStage = z.enum(['profile', 'about', 'background', 'review']);
export type OnboardingFormStage = z.infer<typeof onboardingFormStage>;
export const ONBOARDING_FORM_STAGES = onboardingFormStage.options;

export const onboardingStageLabels: Record<OnboardingStage, string> = {
  profile: 'Profile',
  about: 'About',
  background: 'Background',
  review: 'Review',
  complete: 'Complete',
};

const ORDER = onboardingStage.options;
export const onboardingStageIndex = (stage: OnboardingStage): number => ORDER.indexOf(stage);

// ── Option lists (001 §9) ─────────────────────────────────────────────────────────────────

export const experienceLevelOptions: Record<ExperienceLevel, { label: string; description: string }> = {
  beginner: { label: 'Beginner', description: '0-3 years of investing, under $50,000 invested, fewer than 2 investments' },
  intermediate: { label: 'Intermediate', description: '3-5 years of investing, $50,000-$100,000 invested, 2-5 investments' },
  expert: { label: 'Expert', description: '5+ years of investing, $100,000+ invested, 5+ investments' },
};

export const financialGoalLabels: Record<FinancialGoal, string> = {
  'cash-flow': 'Cash flow',
  diversification: 'Diversification',
  growth: 'Growth',
  impact: 'Impact',
  other: 'Other',
};

export const onboardingLevelLabels: Record<OnboardingLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const investmentHorizonLabels: Record<InvestmentHorizon, string> = {
  short: 'Short (under 3 years)',
  medium: 'Medium (3-5 years)',
  long: 'Long (over 5 years)',
};

export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;

// ── The rules of moving through it ─────────────────────────────────────────────────────────

/**
 * The next stage from what was saved: the first stage in order whose answers are missing, or `complete` when all four
 * are there. The server answers it after every save; the client never computes its own.
 */
export function nextOnboardingStage(saved: InvestOnboarding | null | undefined): OnboardingStage {
  return ONBOARDING_FORM_STAGES.find((stage) => !saved?.[stage]) ?? 'complete';
}

/**
 * Why a stage may not be saved now, or null when it may: earlier stages and the current one may be saved (and saved
 * again); a later one may not, so a stage cannot be skipped. A user without a stage starts at Profile.
 */
export function onboardingStageRefusal(current: OnboardingStage | null, stage: OnboardingFormStage): string | null {
  const at = current ?? 'profile';
  if (onboardingStageIndex(stage) <= onboardingStageIndex(at)) return null;
  return `Complete the ${onboardingStageLabels[at]} stage before ${onboardingStageLabels[stage]}`;
}

/** The onboarding status a client may set (000 §7 update onboarding status). */
export const onboardingStatusBody = z
  .object({
    onboardingStatus: onboardingStatus.describe(
      'checklist, demo (from checklist, once identity and accreditation are approved) or complete',
    ),
  })
  .meta({
    id: 'OnboardingStatusUpdate',
    description: "Moves the user's onboarding on: to the checklist, from the checklist to demo, or to complete.",
    examples: [{ onboardingStatus: 'demo' }],
  });
export type OnboardingStatusUpdate = z.output<typeof onboardingStatusBody>;

/**
 * Why the onboarding status may not move from `from` to `to`, or null when it may (001 §4): anything may go to the
 * checklist or to complete; demo is reached only from the checklist once identity and accreditation are both approved;
 * nothing goes back to overview.
 */
export function onboardingStatusRefusal(
  from: OnboardingStatus,
  to: OnboardingStatus,
  state: { identity: IdentityVerificationStatus; accreditation: ApplicationStatus | null },
): string | null {
  if (from === to || to === 'checklist' || to === 'complete') return null;
  if (to === 'overview') return 'Onboarding cannot go back to the overview';
  if (from !== 'checklist') return 'Demo onboarding starts from the checklist: finish the questionnaire first';
  if (state.identity !== 'approved' && state.accreditation !== 'approved')
    return 'Verify your identity and get your accreditation approved before continuing';
  if (state.identity !== 'approved') return 'Verify your identity before continuing';
  if (state.accreditation !== 'approved') return 'Get your accreditation approved before continuing';
  return null;
}
