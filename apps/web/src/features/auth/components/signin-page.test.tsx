import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { SigninPage } from './signin-page.tsx';

const routes = [
  { path: '/signin', element: <SigninPage /> },
  { path: '/', element: <p>Home page</p> },
  { path: '/portfolio', element: <p>Portfolio page</p> },
];

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function makeMarketplaceOffer() {
  return {
    _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
    slug: 'harbor-point',
    name: 'Harbor Point',
    description: null,
    descriptionShort: null,
    type: null,
    assetClass: null,
    institution: {
      _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
      name: 'Harbor Fund',
      slug: 'harbor-fund',
      type: 'fund',
      descriptionShort: null,
      logoUrl: null,
    },
    images: [],
    bannerUrl: null,
    videos: [],
    openDate: null,
    closeDate: null,
    listingStatus: 'none',
    fedExemptionExclusions: [],
    customMetrics: [],
    primaryCTA: { label: 'Reserve', url: 'https://example.com/primary' },
    secondaryCTA: { label: 'Call us', url: 'https://example.com/secondary' },
    classes: [],
    documents: [],
  };
}

describe('SigninPage', () => {
  it('shows the links and banners, and enables Sign In only with a valid email and a password', async () => {
    mockFetch(() => jsonResponse({}, 500));
    const { user } = renderRoutes(routes, { initialEntries: ['/signin'] });
    const submit = await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/password-reset/request');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText('Invest with Confidence')).toBeInTheDocument();
    for (const banner of ['Simplified', 'Community', 'Documents', 'A.I. Advisor', 'Track Records', 'Handpicked Deals']) {
      expect(screen.getByText(banner)).toBeInTheDocument();
    }
    expect(submit).toBeDisabled();

    await fill(user, screen.getByLabelText('Email'), 'ada@example');
    await fill(user, screen.getByLabelText('Password'), 'secret-pass');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Email'), '.com');
    expect(submit).toBeEnabled();
  });

  it('shows the error inline and toasts "Sign in failed " when sign-in fails', async () => {
    mockFetch(() =>
      jsonResponse(
        { error: { type: 'unauthenticated', name: 'AuthenticationError', message: 'Invalid email or password', status: 401 } },
        401,
      ),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/signin'] });
    await fill(user, await screen.findByLabelText('Email'), 'ada@example.com');
    await fill(user, screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const inline = await screen.findByText('Invalid email or password');
    expect(inline.closest('form')).not.toBeNull();
    // notistack renders the toast outside the form; the spec's text keeps its trailing space.
    const toast = await screen.findByText('Sign in failed');
    expect(toast.closest('form')).toBeNull();
    expect(toast.textContent).toBe('Sign in failed ');
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStore.getState().authenticated).toBe(false);
  });

  it('signs in, returns to the origin and opens the offer call to action', async () => {
    const result = makeAuthResult();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/auth/signin') return jsonResponse({ data: result });
      if (path === `/api/v1/tenant/${TENANT_ID}/marketplace/offers/d4d4d4d4d4d4d4d4d4d4d4d4`)
        return jsonResponse({ data: makeMarketplaceOffer() });
      return jsonResponse({}, 404);
    });
    const { user } = renderRoutes(routes, {
      initialEntries: [
        { pathname: '/signin', search: '?offer=d4d4d4d4d4d4d4d4d4d4d4d4&cta=secondary', state: { from: { pathname: '/portfolio' } } },
      ],
    });
    await fill(user, await screen.findByLabelText('Email'), 'Ada@Example.com');
    await fill(user, screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ authenticated: true, token: result.token });
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://example.com/secondary', '_blank', 'noopener,noreferrer'));
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/api/v1/auth/signin')[0]).toEqual({
        email: 'ada@example.com',
        password: 'correct-horse',
        appType: 'platform',
        tenantId: TENANT_ID,
        analyticsEvent: 'c3c3c3c3c3c3c3c3c3c3c3c3',
      }),
    );
  });
});
