import { z } from 'zod';

// What every page needs of the onboarding (the user schema, the side navigation's rule), apart from the labels, option
// texts and rules in onboarding.ts, which only the questionnaire's screens and the API load.

/** The questionnaire's stages in the order an investor walks them (001 §2): Profile, About, Background, Review, then Complete. */
export const onboardingStage = z.enum(['profile', 'about', 'background', 'review', 'complete']).meta({
  id: 'OnboardingStage',
  description: 'Where an investor stands in the onboarding questionnaire; `complete` once Review is saved.',
});
export type OnboardingStage = z.infer<typeof onboardingStage>;

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'expert'] as const;
export const experienceLevel = z.enum(EXPERIENCE_LEVELS);
export type ExperienceLevel = z.infer<typeof experienceLevel>;

export const financialGoal = z.enum(['cash-flow', 'diversification', 'growth', 'impact', 'other']);
export type FinancialGoal = z.infer<typeof financialGoal>;

/** Risk tolerance and liquidity needs share one scale (001 §9). */
export const ONBOARDING_LEVELS = ['low', 'medium', 'high'] as const;
export const onboardingLevel = z.enum(ONBOARDING_LEVELS);
export type OnboardingLevel = z.infer<typeof onboardingLevel>;

export const INVESTMENT_HORIZONS = ['short', 'medium', 'long'] as const;
export const investmentHorizon = z.enum(INVESTMENT_HORIZONS);
export type InvestmentHorizon = z.infer<typeof investmentHorizon>;

/**
 * What the user holds of the questionnaire (001 §3 investOnboarding): each stage's answers once saved, as the stage's
 * body checked them (onboarding-bodies.ts). Written here without the country list and the asset classes, so the user
 * schema, which every page reads, does not carry them.
 */
export const investOnboarding = z
  .object({
    profile: z
      .object({ firstname: z.string(), lastname: z.string(), countryOfResidence: z.string(), isUSResident: z.boolean() })
      .optional(),
    about: z
      .object({
        financialGoals: z.array(financialGoal),
        riskTolerance: onboardingLevel,
        liquidityNeeds: onboardingLevel,
        investmentHorizon,
      })
      .optional(),
    background: z
      .object({ experienceLevel, attestAccreditation: z.boolean(), offerInterests: z.array(z.string()), currentlyInvesting: z.boolean() })
      .optional(),
    review: z.object({ rating: z.number().int().nullable(), comment: z.string() }).optional(),
  })
  .meta({ id: 'InvestOnboarding', description: "The investor's saved questionnaire answers, one section per stage saved so far." });
export type InvestOnboarding = z.output<typeof investOnboarding>;

/** Whether the investor still has the questionnaire to finish (001 §2: a stage set and not complete sends them to it). */
export const needsOnboarding = (stage: string | null | undefined): boolean => Boolean(stage) && stage !== 'complete';
