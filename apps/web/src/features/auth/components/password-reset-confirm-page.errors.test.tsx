import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeToken } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { PasswordResetConfirmPage } from './password-reset-confirm-page.tsx';

const routes = [{ path: '/password-reset/confirm', element: <PasswordResetConfirmPage /> }];

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('PasswordResetConfirmPage errors', () => {
  it("shows 'Reset token not present' without a token", async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(routes, { initialEntries: ['/password-reset/confirm'] });
    expect(await screen.findByText('Reset token not present')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset & Login' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
  });

  it("toasts 'Password reset failed' when the confirm call fails", async () => {
    const token = makeToken({ purpose: 'reset', email: 'ada@example.com', jti: 'reset-1', exp: Math.floor(Date.now() / 1000) + 600 });
    const fetchMock = mockFetch((path) =>
      path === '/api/v1/auth/password-reset-confirm'
        ? jsonResponse(
            { error: { type: 'unauthenticated', name: 'AuthenticationError', message: 'Reset token is invalid', status: 401 } },
            401,
          )
        : jsonResponse({}, 404),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: [`/password-reset/confirm?token=${token}`] });
    await fill(user, await screen.findByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset & Login' }));

    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/password-reset-confirm')).toEqual([
      expect.objectContaining({ resetToken: token, password: 'a-new-password' }),
    ]);
    expect(router.state.location.pathname).toBe('/password-reset/confirm');
    expect(sessionStore.getState().authenticated).toBe(false);
  });
});
