import { z } from 'zod';
import type { IdentityVerificationStatus, OnboardingStatus } from './enums.ts';
import { onboardingStatus, type ApplicationStatus } from './enums.ts';
import { countryCode, DEFAULT_COUNTRY } from './geo.ts';
import { offerAssetClass, offerAssetClassLabels, type OfferAssetClass } from './offer.ts';

// ── Stages (001 §2 questionnaire, §3 investOnboarding) ───────────────────────────────────

/** The questionnaire's stages in the order an investor walks them (001 §2): Profile, About, Background, Review, then Complete. */
export const onboardingStage = z
  .enum(['profile', 'about', 'background', 'review', 'complete'])
  .meta({
    id: 'OnboardingStage',
    description: 'Where an investor stands in the onboarding questionnaire; `complete` once Review is saved.',
  });
export type OnboardingStage = z.infer<typeof onboardingStage>;

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

const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'expert'] as const;
export const experienceLevel = z.enum(EXPERIENCE_LEVELS);
export type ExperienceLevel = z.infer<typeof experienceLevel>;
export const experienceLevelOptions: Record<ExperienceLevel, { label: string; description: string }> = {
  beginner: { label: 'Beginner', description: '0-3 years of investing, under $50,000 invested, fewer than 2 investments' },
  intermediate: { label: 'Intermediate', description: '3-5 years of investing, $50,000-$100,000 invested, 2-5 investments' },
  expert: { label: 'Expert', description: '5+ years of investing, $100,000+ invested, 5+ investments' },
};

export const financialGoal = z.enum(['cash-flow', 'diversification', 'growth', 'impact', 'other']);
export type FinancialGoal = z.infer<typeof financialGoal>;
export const financialGoalLabels: Record<FinancialGoal, string> = {
  'cash-flow': 'Cash flow',
  diversification: 'Diversification',
  growth: 'Growth',
  impact: 'Impact',
  other: 'Other',
};

/** Risk tolerance and liquidity needs share one scale (001 §9). */
const LEVELS = ['low', 'medium', 'high'] as const;
export const onboardingLevel = z.enum(LEVELS);
export type OnboardingLevel = z.infer<typeof onboardingLevel>;
export const onboardingLevelLabels: Record<OnboardingLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

const HORIZONS = ['short', 'medium', 'long'] as const;
export const investmentHorizon = z.enum(HORIZONS);
export type InvestmentHorizon = z.infer<typeof investmentHorizon>;
export const investmentHorizonLabels: Record<InvestmentHorizon, string> = {
  short: 'Short (under 3 years)',
  medium: 'Medium (3-5 years)',
  long: 'Long (over 5 years)',
};

/**
 * What the investor would like to be offered (001 §3 offerInterests, a multiple choice whose options the spec does not
 * list): the marketplace's asset classes, so an answer can later filter the marketplace.
 */
export const offerInterest = offerAssetClass;
export const offerInterestLabels: Record<OfferAssetClass, string> = offerAssetClassLabels;

export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;

// ── Stage bodies with the rules of 001 §5 ──────────────────────────────────────────────────

/** A choice that must be made: the message says what to choose when it is missing, and what is allowed when it is wrong. */
function choice<T extends readonly [string, ...string[]]>(values: T, missing: string) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${missing}: one of ${values.join(', ')}`),
  });
}
function yesNo(missing: string) {
  return z.boolean({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${missing} (yes or no)`) });
}
const name = (what: string) =>
  z
    .string({ error: `Enter your ${what}` })
    .trim()
    .min(1, `Enter your ${what}`)
    .max(100, `Your ${what} must be at most 100 characters`);

/** Profile (§5: continue disabled until first name, last name and country are set and the US-resident answer is given). */
export const onboardingProfileBody = z
  .object({
    firstname: name('first name'),
    lastname: name('last name'),
    countryOfResidence: countryCode.default(DEFAULT_COUNTRY).describe('Where the investor lives (ISO code); US when left out'),
    isUSResident: yesNo('Tell us whether you are a US resident'),
  })
  .meta({
    id: 'OnboardingProfile',
    description: 'The Profile stage: names, country of residence and whether the investor is a US resident.',
    examples: [{ firstname: 'Ada', lastname: 'Investor', countryOfResidence: 'US', isUSResident: true }],
  });
export type OnboardingProfile = z.output<typeof onboardingProfileBody>;

/** About (§5: continue disabled until a financial goal is chosen and risk tolerance, liquidity needs and horizon are set). */
export const onboardingAboutBody = z
  .object({
    financialGoals: z
      .array(financialGoal, { error: 'Choose at least one financial goal' })
      .min(1, 'Choose at least one financial goal')
      .refine((goals) => new Set(goals).size === goals.length, 'Choose each financial goal once'),
    riskTolerance: choice(LEVELS, 'Choose your risk tolerance'),
    liquidityNeeds: choice(LEVELS, 'Choose your liquidity needs'),
    investmentHorizon: choice(HORIZONS, 'Choose your investment horizon'),
  })
  .meta({
    id: 'OnboardingAbout',
    description: 'The About stage: financial goals (at least one), risk tolerance, liquidity needs and investment horizon.',
    examples: [{ financialGoals: ['cash-flow', 'growth'], riskTolerance: 'medium', liquidityNeeds: 'low', investmentHorizon: 'long' }],
  });
export type OnboardingAbout = z.output<typeof onboardingAboutBody>;

/** Background (§5: continue disabled unless the experience level is set, an offer interest chosen and both yes/no answers given). */
export const onboardingBackgroundBody = z
  .object({
    experienceLevel: choice(EXPERIENCE_LEVELS, 'Choose your experience level'),
    attestAccreditation: yesNo('Tell us whether you are an accredited investor'),
    offerInterests: z
      .array(offerInterest, { error: 'Choose at least one kind of offer you are interested in' })
      .min(1, 'Choose at least one kind of offer you are interested in')
      .refine((kinds) => new Set(kinds).size === kinds.length, 'Choose each kind of offer once'),
    currentlyInvesting: yesNo('Tell us whether you are investing at the moment'),
  })
  .meta({
    id: 'OnboardingBackground',
    description:
      'The Background stage: experience level, whether the investor attests to being accredited, the kinds of offers of interest (at least one) and whether they invest at the moment.',
    examples: [{ experienceLevel: 'intermediate', attestAccreditation: true, offerInterests: ['multi-family'], currentlyInvesting: false }],
  });
export type OnboardingBackground = z.output<typeof onboardingBackgroundBody>;

/** Review: an optional rating of the questionnaire and a comment (the spec names the fields and sets no rule). */
export const onboardingReviewBody = z
  .object({
    rating: z
      .number({ error: `Rate from 1 to ${REVIEW_RATING_MAX} stars, or leave the rating out` })
      .int(`Rate in whole stars from 1 to ${REVIEW_RATING_MAX}`)
      .min(1, `Rate from 1 to ${REVIEW_RATING_MAX} stars`)
      .max(REVIEW_RATING_MAX, `Rate from 1 to ${REVIEW_RATING_MAX} stars`)
      .nullable()
      .default(null),
    comment: z.string().trim().max(REVIEW_COMMENT_MAX, `Keep the comment under ${REVIEW_COMMENT_MAX} characters`).default(''),
  })
  .meta({
    id: 'OnboardingReview',
    description:
      'The Review stage: after checking the answers, an optional rating (1-5) and comment. Saving it completes the questionnaire.',
    examples: [{ rating: 5, comment: 'Quick and clear.' }],
  });
export type OnboardingReview = z.output<typeof onboardingReviewBody>;

export const onboardingStageBodies = {
  profile: onboardingProfileBody,
  about: onboardingAboutBody,
  background: onboardingBackgroundBody,
  review: onboardingReviewBody,
} as const;

/** What the user holds of the questionnaire (001 §3 investOnboarding): each stage's answers once saved. */
export const investOnboarding = z
  .object({
    profile: onboardingProfileBody.optional(),
    about: onboardingAboutBody.optional(),
    background: onboardingBackgroundBody.optional(),
    review: onboardingReviewBody.optional(),
  })
  .meta({ id: 'InvestOnboarding', description: "The investor's saved questionnaire answers, one section per stage saved so far." });
export type InvestOnboarding = z.output<typeof investOnboarding>;

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

/** Whether the investor still has the questionnaire to finish (001 §2: a stage set and not complete sends them to it). */
export const needsOnboarding = (stage: string | null | undefined): boolean => Boolean(stage) && stage !== 'complete';

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
