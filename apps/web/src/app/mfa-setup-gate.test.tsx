import { screen } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Outlet } from 'react-router';
import { api } from '../lib/api-client.ts';
import { sessionStore } from '../lib/session/session-store.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeAuthResult } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { MfaSetupGate } from './mfa-setup-gate.tsx';

const routes = [
  {
    element: (
      <MfaSetupGate>
        <Outlet />
      </MfaSetupGate>
    ),
    children: [
      { path: '/portfolio', element: <p>Portfolio page</p> },
      { path: '/settings', element: <p>Account page</p> },
      { path: '/terms', element: <p>Terms page</p> },
    ],
  },
];

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('MfaSetupGate', () => {
  it('sends a member whose tenant requires a second factor to the Account page, and lets them go once set up', async () => {
    sessionStore.signIn({ ...makeAuthResult(), mfaSetupRequired: true });
    const { router } = renderRoutes(routes, { initialEntries: ['/portfolio'] });
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');

    await router.navigate('/terms');
    expect(await screen.findByText('Terms page')).toBeInTheDocument();

    sessionStore.setMfaSetupRequired(false);
    await router.navigate('/portfolio');
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    // Kept in storage: a reload stays where it is.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({ mfaSetupRequired: false });
  });

  it('follows a call the server refused for it, even when the session did not say so', async () => {
    sessionStore.signIn(makeAuthResult());
    mockFetch((path) =>
      path !== '/api/v1/user/x/institutions'
        ? jsonResponse({}, 404)
        : jsonResponse(
            { error: { type: 'forbidden', name: 'ForbiddenError', message: ACCOUNT_SECURITY_TEXTS.mfaSetupRequired, status: 403 } },
            403,
          ),
    );
    const { router } = renderRoutes(routes, { initialEntries: ['/portfolio'] });
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    await expect(api.get('/user/x/institutions', z.unknown())).rejects.toMatchObject({ status: 403 });
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(sessionStore.getState()).toMatchObject({ authenticated: true, mfaSetupRequired: true });
  });
});
