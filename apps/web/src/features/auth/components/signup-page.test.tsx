import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { makeMarketplaceOffer, OFFER_ID } from '../../../test/marketplace.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { SignupPage } from './signup-page.tsx';

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('SignupPage', () => {
  it('enables Create account only with names, a valid email, a password and the accepted terms', async () => {
    mockFetch(() => jsonResponse({}, 500));
    const { user } = renderRoutes([{ path: '/signup', element: <SignupPage /> }], { initialEntries: ['/signup'] });
    const submit = await screen.findByRole('button', { name: 'Create account' });
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('target', '_blank');

    await fill(user, screen.getByLabelText('First name'), 'Ada');
    await fill(user, screen.getByLabelText('Last name'), 'Lovelace');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();

    await fill(user, screen.getByLabelText('Password'), '-but-long-now');
    expect(submit).toBeEnabled();

    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('checkbox'));
    await user.clear(screen.getByLabelText('Email'));
    await fill(user, screen.getByLabelText('Email'), 'not-an-email');
    expect(submit).toBeDisabled();
  });

  it('toasts "Signup failed" with the message', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: {
            type: 'conflict',
            name: 'ConflictError',
            message: 'An account with this email already exists. Sign in instead.',
            status: 409,
          },
        },
        409,
      ),
    );
    const { user } = renderRoutes([{ path: '/signup', element: <SignupPage /> }], { initialEntries: ['/signup'] });
    await fill(user, await screen.findByLabelText('First name'), 'Ada');
    await fill(user, screen.getByLabelText('Last name'), 'Lovelace');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Password'), 'long-enough-pass');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Signup failed: An account with this email already exists. Sign in instead.')).toBeInTheDocument();
  });

  it('after sign-up opens the offer CTA the link asked for and returns to the offer page', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockFetch((path) => {
      if (path === '/api/v1/auth/signup') return jsonResponse({ data: makeAuthResult() });
      if (path === `/api/v1/tenant/${TENANT_ID}/marketplace/offers/${OFFER_ID}`) return jsonResponse({ data: makeMarketplaceOffer() });
      return jsonResponse({}, 404);
    });
    const { user, router } = renderRoutes(
      [
        { path: '/signup', element: <SignupPage /> },
        { path: '/marketplace/offers/harbor-point/home', element: <p>Offer page</p> },
      ],
      {
        initialEntries: [
          {
            pathname: '/signup',
            search: `?offer=${OFFER_ID}&cta=secondary`,
            state: { from: { pathname: '/marketplace/offers/harbor-point/home' } },
          },
        ],
      },
    );
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/signin?offer=${OFFER_ID}&cta=secondary`);
    await fill(user, screen.getByLabelText('First name'), 'Ada');
    await fill(user, screen.getByLabelText('Last name'), 'Lovelace');
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Password'), 'long-enough-pass');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Offer page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/home');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://example.com/secondary', '_blank', 'noopener,noreferrer'));
  });
});
