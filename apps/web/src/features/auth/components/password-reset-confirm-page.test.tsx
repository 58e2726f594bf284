import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeToken } from '../../../test/fixtures.ts';
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

afterEach(() => vi.unstubAllGlobals());

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
});
