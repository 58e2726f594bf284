import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeToken, makeUser, TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { makeMarketplaceOffer, OFFER_ID } from '../../../test/marketplace.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { returnPath } from '../return-path.ts';
import { InviteAcceptPage } from './invite-accept-page.tsx';

function inviteToken(secondsLeft: number, claims: object = {}) {
  return makeToken({
    purpose: 'invite',
    email: 'grace@example.com',
    firstname: 'Grace',
    lastname: 'Hopper',
    tenantId: TENANT_ID,
    jti: 'invite-1',
    exp: Math.floor(Date.now() / 1000) + secondsLeft,
    ...claims,
  });
}
/** The link e-mailed to an address that already has an account (the token says so; only its owner reads it). */
const accountToken = (secondsLeft = 3600) => inviteToken(secondsLeft, { email: 'ada@example.com', account: true });

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

  it('keeps the offer and CTA through to the end, then opens the CTA', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockFetch((path) => {
      if (path === '/api/v1/auth/invite-accept') return jsonResponse({ data: makeAuthResult() });
      if (path === `/api/v1/tenant/${TENANT_ID}/marketplace/offers/${OFFER_ID}`) return jsonResponse({ data: makeMarketplaceOffer() });
      return jsonResponse({}, 404);
    });
    const { user } = renderRoutes(
      [
        { path: '/invite-accept', element: <InviteAcceptPage /> },
        { path: '/', element: <p>Home page</p> },
      ],
      { initialEntries: [`/invite-accept?token=${inviteToken(3600)}&offer=${OFFER_ID}&cta=primary`] },
    );
    // The link to sign-in keeps the offer and CTA, not the token.
    expect(await screen.findByRole('link', { name: 'Already have an account?' })).toHaveAttribute(
      'href',
      `/signin?offer=${OFFER_ID}&cta=primary`,
    );
    await fill(user, screen.getByLabelText('Password'), 'long-enough-pass');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://example.com/primary', '_blank', 'noopener,noreferrer'));
  });
});

describe('InviteAcceptPage for an address that already has an account', () => {
  function renderExisting(answer: () => Response = () => jsonResponse({ data: makeAuthResult() }), token = accountToken()) {
    const fetchMock = mockFetch((path) => (path === '/api/v1/auth/invite-accept-existing' ? answer() : jsonResponse({}, 404)));
    const utils = renderRoutes(
      [
        { path: '/invite-accept', element: <InviteAcceptPage /> },
        { path: '/signin', element: <p>Sign-in page</p> },
        { path: '/', element: <p>Home page</p> },
      ],
      { initialEntries: [`/invite-accept?token=${token}`] },
    );
    return { ...utils, fetchMock };
  }

  it('asks a signed-out visitor to sign in, with no password to choose, and brings them back to the link', async () => {
    const { user } = renderExisting();
    expect(await screen.findByRole('heading', { name: 'Accept your invitation' })).toBeInTheDocument();
    expect(
      screen.getByText('You have been invited to Tessera. ada@example.com already has an account: sign in to accept.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in to accept' });
    expect(link).toHaveAttribute('href', '/signin');
    // Sign-in sends the user back to the invitation's page (the one auth page it returns to).
    expect(returnPath({ from: { pathname: '/invite-accept', search: '?token=abc' } }, '')).toBe('/invite-accept?token=abc');
    expect(returnPath({ from: { pathname: '/signup' } }, '')).toBe('/');
    await user.click(link);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });

  it('lets the invited account, signed in, accept: the session is refreshed and they land home', async () => {
    sessionStore.signIn(makeAuthResult());
    const token = accountToken();
    const { user, fetchMock } = renderExisting(undefined, token);
    expect(await screen.findByText('Join Tessera as ada@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('You joined Tessera')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/auth/invite-accept-existing')).toEqual([{ inviteToken: token }]);
  });

  it('shows the server message when the link no longer works, and stays', async () => {
    sessionStore.signIn(makeAuthResult());
    const { user } = renderExisting(() =>
      jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message: 'Signup token is invalid', status: 400 } }, 400),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Signup token is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it('tells someone signed in under another address whom the invitation is for', async () => {
    sessionStore.signIn({ ...makeAuthResult(), user: makeUser({ email: 'someone.else@example.com' }) });
    renderExisting();
    expect(
      await screen.findByText('This invitation was sent to ada@example.com. Sign out, then sign in as ada@example.com to accept it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).not.toBeInTheDocument();
  });

  it('explains an expired link and offers nothing to press', async () => {
    renderExisting(undefined, accountToken(-60));
    expect(await screen.findByText('Signup token is expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('aria-disabled', 'true');
  });
});
