import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeToken, TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../stores/session-store.ts';
import { InviteAcceptPage } from './invite-accept-page.tsx';

function inviteToken(secondsLeft: number) {
  return makeToken({
    purpose: 'invite',
    email: 'grace@example.com',
    firstname: 'Grace',
    lastname: 'Hopper',
    tenantId: TENANT_ID,
    jti: 'invite-1',
    exp: Math.floor(Date.now() / 1000) + secondsLeft,
  });
}

function renderAt(search: string) {
  mockFetch(() => jsonResponse({}, 500));
  return renderRoutes([{ path: '/invite-accept', element: <InviteAcceptPage /> }], { initialEntries: [`/invite-accept${search}`] });
}

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('InviteAcceptPage', () => {
  it.each([
    ['', 'Signup token not present'],
    ['?token=garbage', 'Signup token is invalid'],
    [`?token=${inviteToken(-60)}`, 'Signup token is expired'],
  ])('explains an unusable token (%s)', async (search, message) => {
    renderAt(search);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeDisabled();
  });

  it('prefills the form from the token', async () => {
    const { user } = renderAt(`?token=${inviteToken(3600)}`);
    expect(await screen.findByText('Finish your invitation')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute('href', '/signin');

    await fill(user, screen.getByLabelText('Password'), 'long-enough-pass');
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });
});
