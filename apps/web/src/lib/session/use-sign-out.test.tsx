import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeAuthResult } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sessionStore } from './session-store.ts';
import { useSignOut } from './use-sign-out.ts';

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign Out
    </button>
  );
}

const routes = [
  { path: '/account', element: <SignOutButton /> },
  { path: '/signin', element: <p>Sign-in page</p> },
];

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('useSignOut', () => {
  it("ends the session on the server with its token, and signs out here with 'Signed out'", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: { signedOut: true } }));
    const session = makeAuthResult();
    sessionStore.signIn(session);
    const { user } = renderRoutes(routes, { initialEntries: ['/account'] });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ authenticated: false, autoSignout: false, token: null });
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/v1/auth/signout'));
    expect(call?.[1]).toMatchObject({ method: 'POST', headers: { Authorization: `Bearer ${session.token}` } });
  });

  it('signs out here even when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    sessionStore.signIn(makeAuthResult());
    const { user } = renderRoutes(routes, { initialEntries: ['/account'] });
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().authenticated).toBe(false));
  });
});
