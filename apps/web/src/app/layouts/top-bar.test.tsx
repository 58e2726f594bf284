import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, sessionToken } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { TopBar } from './top-bar.tsx';

function Layout() {
  return (
    <>
      <TopBar />
      <Outlet />
    </>
  );
}

const routes = [{ element: <Layout />, children: [{ path: '*', element: <p>Page body</p> }] }];

/** Signs in with a token `secondsLeft` from a frozen clock, so the countdown reads the same on every run. */
function signInWith(secondsLeft: number) {
  sessionStore.signIn({ ...makeAuthResult(), token: sessionToken(secondsLeft) });
}

afterEach(() => {
  sessionStore.signOut('user');
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TopBar', () => {
  it('shows Sign In to a signed-out visitor on a normal page', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(routes, { initialEntries: ['/offers'] });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  // The auth pages of §2, listed here rather than imported so a missing one fails.
  it.each(['/signin', '/signup', '/password-reset/request', '/password-reset/confirm', '/invite-accept'])(
    'hides Sign In on %s',
    async (path) => {
      mockFetch(() => jsonResponse({}, 404));
      renderRoutes(routes, { initialEntries: [`${path}?offer=1`] });
      expect(await screen.findByText('Page body')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    },
  );
});

describe('TopBar session countdown', () => {
  // The signed-in controls are a lazy chunk; loading it once up front keeps a busy machine's first import out of findBy's wait.
  beforeAll(async () => {
    await import('./signed-in-controls.tsx');
  }, 30_000);

  function freezeClock() {
    // Only Date is faked: the countdown reads a fixed "now" while React and MUI keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
  }

  it.each([
    [59, '00:59'],
    [307, '05:07'],
    [1799, '29:59'],
  ])('shows %i seconds left as %s', async (secondsLeft, text) => {
    freezeClock();
    mockFetch(() => jsonResponse({}, 404));
    signInWith(secondsLeft);
    renderRoutes(routes, { initialEntries: ['/offers'] });
    expect(await screen.findByRole('button', { name: text })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('refreshes the token when clicked and shows the new time left', async () => {
    freezeClock();
    const fetchMock = mockFetch((path) =>
      path === '/api/v1/auth/token-refresh'
        ? jsonResponse({ data: { ...makeAuthResult(), token: sessionToken(1799), user: makeUser() } })
        : jsonResponse({}, 404),
    );
    signInWith(307);
    const { user } = renderRoutes(routes, { initialEntries: ['/offers'] });
    await user.click(await screen.findByRole('button', { name: '05:07' }));
    expect(await screen.findByRole('button', { name: '29:59' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/token-refresh')).toEqual([
      expect.objectContaining({ email: 'ada@example.com', refreshToken: 'refresh-token' }),
    ]);
  });

  it("toasts 'Unable to refresh session' when the refresh fails, and keeps the session", async () => {
    freezeClock();
    const fetchMock = mockFetch((path) =>
      path === '/api/v1/auth/token-refresh'
        ? jsonResponse({ error: { type: 'unavailable', name: 'UnavailableError', message: 'Try again later', status: 503 } }, 503)
        : jsonResponse({}, 404),
    );
    signInWith(307);
    const { user } = renderRoutes(routes, { initialEntries: ['/offers'] });
    await user.click(await screen.findByRole('button', { name: '05:07' }));
    expect(await screen.findByText('Unable to refresh session')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/token-refresh')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '05:07' })).toBeInTheDocument();
  });

  it("toasts 'Unable to refresh session' and signs out when the server refuses the session", async () => {
    freezeClock();
    mockFetch((path) =>
      path === '/api/v1/auth/token-refresh'
        ? jsonResponse(
            {
              error: {
                type: 'unauthenticated',
                name: 'AuthenticationError',
                message: 'Your session has expired. Please sign in again.',
                status: 401,
              },
            },
            401,
          )
        : jsonResponse({}, 404),
    );
    signInWith(307);
    const { user } = renderRoutes(routes, { initialEntries: ['/offers'] });
    await user.click(await screen.findByRole('button', { name: '05:07' }));
    expect(await screen.findByText('Unable to refresh session')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ authenticated: false, autoSignout: true });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});
