import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeToken } from '../../../test/fixtures.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { PasswordResetConfirmPage } from './password-reset-confirm-page.tsx';

function resetToken(secondsLeft: number) {
  return makeToken({ purpose: 'reset', email: 'ada@example.com', jti: 'reset-1', exp: Math.floor(Date.now() / 1000) + secondsLeft });
}

function renderAt(search: string) {
  mockFetch(() => jsonResponse({}, 500));
  return renderRoutes([{ path: '/password-reset/confirm', element: <PasswordResetConfirmPage /> }], {
    initialEntries: [`/password-reset/confirm${search}`],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

describe('PasswordResetConfirmPage', () => {
  it('hides the reset button and disables the input when the token is expired', async () => {
    renderAt(`?token=${resetToken(-60)}`);
    expect(await screen.findByText('Reset token is expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset & Login' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeDisabled();
  });

  it('explains a missing or invalid token', async () => {
    renderAt('?token=garbage');
    expect(await screen.findByText('Reset token is invalid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset & Login' })).toBeDisabled();
  });

  it('accepts a new password with a valid token', async () => {
    const { user } = renderAt(`?token=${resetToken(600)}`);
    const submit = await screen.findByRole('button', { name: 'Reset & Login' });
    expect(submit).toBeDisabled();
    await fill(user, screen.getByLabelText('New password'), 'a-new-password');
    expect(submit).toBeEnabled();
  });

  it('asks an account with a second factor for it before signing in (issue #21)', { timeout: 20_000 }, async () => {
    const result = makeAuthResult();
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/auth/password-reset-confirm')
        return jsonResponse({ data: { mfaRequired: true, mfaToken: 'mfa_token', methods: ['totp'] } });
      if (path === '/api/v1/auth/mfa/verify') return jsonResponse({ data: result });
      return jsonResponse({}, 404);
    });
    const { user, router } = renderRoutes(
      [
        { path: '/password-reset/confirm', element: <PasswordResetConfirmPage /> },
        { path: '/', element: <p>Home page</p> },
      ],
      { initialEntries: [`/password-reset/confirm?token=${resetToken(600)}`] },
    );
    await fill(user, await screen.findByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset & Login' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(sessionStore.getState().authenticated).toBe(false);
    await fill(user, await screen.findByLabelText('Code'), '492039');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sentBodies(fetchMock, '/api/v1/auth/mfa/verify')).toEqual([{ mfaToken: 'mfa_token', method: 'totp', code: '492039' }]);
    expect(sessionStore.getState().token).toBe(result.token);
  });
});
