import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeToken, TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { makeMarketplaceOffer, OFFER_ID } from '../../../test/marketplace.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
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
