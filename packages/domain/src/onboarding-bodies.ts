import { z } from 'zod';
import { countryCode, DEFAULT_COUNTRY } from './geo.ts';
import { offerAssetClass, offerAssetClassLabels, type OfferAssetClass } from './offer.ts';
import { EXPERIENCE_LEVELS, financialGoal, INVESTMENT_HORIZONS, ONBOARDING_LEVELS } from './onboarding-state.ts';
import { REVIEW_COMMENT_MAX, REVIEW_RATING_MAX } from './onboarding.ts';

/**
 * What the investor would like to be offered (001 §3 offerInterests, a multiple choice whose options the spec does not
 * list): the marketplace's asset classes, so an answer can later filter the marketplace.
 */
export const offerInterest = offerAssetClass;
export const offerInterestLabels: Record<OfferAssetClass, string> = offerAssetClassLabels;

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
    riskTolerance: choice(ONBOARDING_LEVELS, 'Choose your risk tolerance'),
    liquidityNeeds: choice(ONBOARDING_LEVELS, 'Choose your liquidity needs'),
    investmentHorizon: choice(INVESTMENT_HORIZONS, 'Choose your investment horizon'),
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
