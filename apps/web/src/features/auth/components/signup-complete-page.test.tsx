import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { SignupCompletePage } from './signup-complete-page.tsx';

const routes = [{ path: '/signup-complete', element: <SignupCompletePage /> }];

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('SignupCompletePage', () => {
  it('confirms the account and offers sign-in to a signed-out visitor', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(routes, { initialEntries: ['/signup-complete'] });
    expect(await screen.findByText('Your account is ready')).toBeInTheDocument();
    expect(screen.getByText(/Welcome to Tessera\. Complete your financial passport/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('lets a signed-in user continue to the app', async () => {
    mockFetch(() => jsonResponse({}, 404));
    sessionStore.signIn(makeAuthResult());
    renderRoutes(routes, { initialEntries: ['/signup-complete'] });
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to Sign In' })).not.toBeInTheDocument();
  });
});
