import { screen, waitFor, within } from '@testing-library/react';
import type { InvestOnboarding, OnboardingStage, User } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { OnboardingPage } from './onboarding-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const PROFILE = { firstname: 'Ada', lastname: 'Lovelace', countryOfResidence: 'US', isUSResident: true };
const ABOUT = {
  financialGoals: ['growth' as const],
  riskTolerance: 'low' as const,
  liquidityNeeds: 'high' as const,
  investmentHorizon: 'short' as const,
};
const BACKGROUND = {
  experienceLevel: 'beginner' as const,
  attestAccreditation: false,
  offerInterests: ['retail' as const],
  currentlyInvesting: true,
};
const ORDER: OnboardingStage[] = ['profile', 'about', 'background', 'review', 'complete'];

/** A user at `stage` with the stages before it saved; the server moves them on as the real one does. */
function setUp(stage: OnboardingStage, saved: InvestOnboarding = {}) {
  let user: User = makeUser({ firstname: 'Ada', lastname: 'Lovelace', investOnboardingStage: stage, investOnboarding: saved });
  sessionStore.signIn({ ...makeAuthResult(), user });
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/user/${USER_ID}` && !init?.method) return jsonResponse({ data: user });
    const match = /\/onboarding\/(\w+)$/.exec(path);
    if (match && init?.method === 'POST') {
      const next = ORDER[ORDER.indexOf(match[1] as OnboardingStage) + 1]!;
      user = {
        ...user,
        investOnboardingStage: next,
        investOnboarding: { ...user.investOnboarding, [match[1]!]: JSON.parse(String(init.body)) },
      };
      return jsonResponse({ data: { user, nextStage: next } });
    }
    return jsonResponse({ error: { message: `unexpected ${path}` } }, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/investor/onboarding', element: <OnboardingPage /> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/investor/onboarding'] },
  );
  return { ...rendered, fetchMock };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
// The stepper is hidden under 600 px, and jsdom applies no media query: it reads the xs rule.
const stepper = () => within(screen.getByRole('navigation', { name: 'Onboarding stages', hidden: true }));
const stepButton = (name: string) => stepper().getByRole('tab', { name: new RegExp(name), hidden: true });

describe('the onboarding questionnaire', () => {
  it('keeps Profile closed until names, country and the US-resident answer are given, then saves and opens About', async () => {
    const { user, fetchMock } = setUp('profile');
    const firstname = await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.getByRole('combobox', { name: 'Country of residence' })).toHaveValue('United States of America');
    // The names come from sign-up; the US-resident question is still open.
    await waitFor(() => expect(firstname).toHaveValue('Ada'));
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(continueButton()).toBeEnabled());
    await user.clear(firstname);
    await waitFor(() => expect(continueButton()).toBeDisabled());
    await fill(user, firstname, 'Augusta');
    await waitFor(() => expect(continueButton()).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'About your investing' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/user/${USER_ID}/onboarding/profile`)).toEqual([{ ...PROFILE, firstname: 'Augusta' }]);
  });

  it('keeps About closed until a goal, risk tolerance, liquidity needs and horizon are chosen', async () => {
    const { user, fetchMock } = setUp('about', { profile: PROFILE });
    await screen.findByRole('heading', { name: 'About your investing' });
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Growth' }));
    const group = (name: string) => within(screen.getByRole('radiogroup', { name }));
    await user.click(group('Risk tolerance').getByRole('radio', { name: 'Low' }));
    await user.click(group('Liquidity needs').getByRole('radio', { name: 'High' }));
    expect(continueButton()).toBeDisabled();
    await user.click(group('Investment horizon').getByRole('radio', { name: 'Short (under 3 years)' }));
    await waitFor(() => expect(continueButton()).toBeEnabled());
    // Taking the only goal away closes it again, with the reason.
    await user.click(screen.getByRole('checkbox', { name: 'Growth' }));
    await waitFor(() => expect(continueButton()).toBeDisabled());
    expect(screen.getByText('Choose at least one financial goal')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Growth' }));
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Your background' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/user/${USER_ID}/onboarding/about`)).toEqual([ABOUT]);
  });

  it('keeps Background closed until the level, an interest and both yes/no answers are given; lists the levels with what they mean', async () => {
    const { user } = setUp('background', { profile: PROFILE, about: ABOUT });
    await screen.findByRole('heading', { name: 'Your background' });
    expect(screen.getByText('0-3 years of investing, under $50,000 invested, fewer than 2 investments')).toBeInTheDocument();
    expect(screen.getByText('5+ years of investing, $100,000+ invested, 5+ investments')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Beginner/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Retail' }));
    const yesNo = (name: string, answer: 'Yes' | 'No') =>
      user.click(within(screen.getByRole('radiogroup', { name })).getByRole('radio', { name: answer }));
    await yesNo('Are you an accredited investor?', 'No');
    expect(continueButton()).toBeDisabled();
    await yesNo('Are you investing at the moment?', 'Yes');
    await waitFor(() => expect(continueButton()).toBeEnabled());
  });

  it('lets the stepper open earlier stages and the current one, never later ones; Back goes one stage back', async () => {
    const { user } = setUp('background', { profile: PROFILE, about: ABOUT });
    await screen.findByRole('heading', { name: 'Your background' });
    expect(stepButton('Review')).toBeDisabled();
    expect(stepButton('Background')).toHaveAttribute('aria-selected', 'true');
    await user.click(stepButton('Profile'));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    // The saved answers are back in the form.
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await user.click(stepButton('Background'));
    await screen.findByRole('heading', { name: 'Your background' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'About your investing' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Growth' })).toBeChecked();
  });

  it('shows the answers on Review and sends the investor home once it is finished', async () => {
    const { user, router, fetchMock } = setUp('review', { profile: PROFILE, about: ABOUT, background: BACKGROUND });
    await screen.findByRole('heading', { name: 'Review' });
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Short (under 3 years)')).toBeInTheDocument();
    expect(screen.getByText('Beginner')).toBeInTheDocument();
    // Finish is enabled once the form's (asynchronous) validation has run.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sentBodies(fetchMock, `/api/v1/user/${USER_ID}/onboarding/review`)).toEqual([{ rating: null, comment: '' }]);
    expect(sessionStore.getState().user?.investOnboardingStage).toBe('complete');
  });
});
