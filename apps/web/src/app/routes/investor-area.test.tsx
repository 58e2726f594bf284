import { screen, waitFor } from '@testing-library/react';
import type { OnboardingStage } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, USER_ID } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sessionStore } from '../../lib/session/session-store.ts';
import { AppLayout } from '../layouts/app-layout.tsx';
import { InvestorArea, RootRedirect } from './investor-area.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

function signIn(stage: OnboardingStage | null) {
  const user = makeUser({ investOnboardingStage: stage });
  sessionStore.signIn({ ...makeAuthResult(), user });
  mockFetch((path) => (path === `/api/v1/user/${USER_ID}` ? jsonResponse({ data: user }) : jsonResponse({ data: null })));
}

const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: '/investor',
        element: <InvestorArea />,
        children: [
          { path: 'dashboard', element: <h1>Investor dashboard</h1> },
          { path: 'onboarding', element: <h1>Questionnaire</h1> },
          { path: 'onboarding/checklist', element: <h1>Checklist</h1> },
        ],
      },
      { path: '/institution/dashboard', element: <h1>Institution dashboard</h1> },
    ],
  },
];
const at = (path: string) => renderRoutes([{ element: <Outlet />, children: routes }], { initialEntries: [path] });
// jsdom is narrow (no media queries): the main navigation is the drawer the top bar's menu button opens.
const mainNav = () => screen.queryByRole('button', { name: 'Open main menu' });

describe('the investor area (001 §2)', () => {
  it('sends the bare root to the investor dashboard, with the side navigation once onboarding is complete', async () => {
    signIn('complete');
    const { router } = at('/?from=mail#top');
    expect(await screen.findByRole('heading', { name: 'Investor dashboard' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/investor/dashboard', search: '?from=mail', hash: '#top' });
    expect(mainNav()).toBeInTheDocument();
  });

  it('keeps users who never had the questionnaire (stage null) out of it', async () => {
    signIn(null);
    at('/investor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Investor dashboard' })).toBeInTheDocument();
  });

  it('sends an investor still in the questionnaire to it from anywhere in the area, with no side navigation', async () => {
    signIn('about');
    const { router } = at('/');
    expect(await screen.findByRole('heading', { name: 'Questionnaire' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/investor/onboarding');
    await router.navigate('/investor/onboarding/checklist');
    expect(await screen.findByRole('heading', { name: 'Checklist' })).toBeInTheDocument();
    expect(mainNav()).not.toBeInTheDocument();
  });

  it('sends Raise-mode members to the institution dashboard, from the root and from the investor area', async () => {
    signIn('complete');
    sessionStore.setAppMode('institution');
    const { router } = at('/investor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Institution dashboard' })).toBeInTheDocument();
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/dashboard'));
  });
});
