import { describe, expect, it } from 'vitest';
import { needsOnboarding, type InvestOnboarding } from './onboarding-state.ts';
import { nextOnboardingStage, onboardingStageRefusal, onboardingStatusRefusal } from './onboarding.ts';
import { onboardingAboutBody, onboardingBackgroundBody, onboardingProfileBody } from './onboarding-bodies.ts';

const PROFILE = { firstname: 'Ada', lastname: 'Lovelace', countryOfResidence: 'US', isUSResident: true };
const ABOUT = {
  financialGoals: ['growth' as const],
  riskTolerance: 'low' as const,
  liquidityNeeds: 'low' as const,
  investmentHorizon: 'long' as const,
};

describe('the onboarding stages (001 §2)', () => {
  it('go Profile, About, Background, Review, then Complete, from what was saved', () => {
    expect(nextOnboardingStage(null)).toBe('profile');
    expect(nextOnboardingStage({ profile: PROFILE })).toBe('about');
    const all: InvestOnboarding = {
      profile: PROFILE,
      about: ABOUT,
      background: { experienceLevel: 'expert', attestAccreditation: true, offerInterests: ['retail'], currentlyInvesting: false },
      review: { rating: null, comment: '' },
    };
    expect(nextOnboardingStage({ ...all, about: undefined })).toBe('about');
    expect(nextOnboardingStage(all)).toBe('complete');
  });

  it('may be saved up to the current one, never later', () => {
    expect(onboardingStageRefusal(null, 'profile')).toBeNull();
    expect(onboardingStageRefusal('about', 'profile')).toBeNull();
    expect(onboardingStageRefusal('about', 'about')).toBeNull();
    expect(onboardingStageRefusal('about', 'review')).toBe('Complete the About stage before Review');
    expect(onboardingStageRefusal('complete', 'review')).toBeNull();
  });

  it('send an investor to onboarding only while a stage is set and not complete', () => {
    expect([null, undefined, 'complete', 'profile', 'review'].map(needsOnboarding)).toEqual([false, false, false, true, true]);
  });
});

describe('the stage bodies (001 §5)', () => {
  it('default the country to the US and name what is missing', () => {
    expect(onboardingProfileBody.parse({ firstname: 'Ada', lastname: 'L', isUSResident: false }).countryOfResidence).toBe('US');
    const about = onboardingAboutBody.safeParse({ financialGoals: [] });
    expect(about.success).toBe(false);
    expect(about.error?.issues.map((i) => i.message)).toEqual([
      'Choose at least one financial goal',
      'Choose your risk tolerance',
      'Choose your liquidity needs',
      'Choose your investment horizon',
    ]);
    const background = onboardingBackgroundBody.safeParse({ experienceLevel: 'guru', offerInterests: ['retail', 'retail'] });
    expect(background.error?.issues.map((i) => i.message)).toEqual([
      'Choose your experience level: one of beginner, intermediate, expert',
      'Tell us whether you are an accredited investor',
      'Choose each kind of offer once',
      'Tell us whether you are investing at the moment',
    ]);
  });
});

describe('the onboarding status (001 §4)', () => {
  const approved = { identity: 'approved', accreditation: 'approved' } as const;
  it('reaches demo only from the checklist with both steps approved', () => {
    expect(onboardingStatusRefusal('checklist', 'demo', approved)).toBeNull();
    expect(onboardingStatusRefusal('overview', 'demo', approved)).toMatch(/from the checklist/);
    expect(onboardingStatusRefusal('checklist', 'demo', { identity: 'started', accreditation: 'approved' })).toBe(
      'Verify your identity before continuing',
    );
    expect(onboardingStatusRefusal('checklist', 'demo', { identity: 'approved', accreditation: null })).toBe(
      'Get your accreditation approved before continuing',
    );
  });
  it('goes to checklist or complete from anywhere and never back to overview', () => {
    expect(onboardingStatusRefusal('demo', 'checklist', approved)).toBeNull();
    expect(onboardingStatusRefusal('overview', 'complete', approved)).toBeNull();
    expect(onboardingStatusRefusal('checklist', 'overview', approved)).toBe('Onboarding cannot go back to the overview');
  });
});
