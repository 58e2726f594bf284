import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../router.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Only the public table: the docs must be reachable signed out.
describe('public /docs', () => {
  it('says what is documented, links the API reference and opens each section as a sub-route', async () => {
    mockFetch(() => jsonResponse({}, 404));
    const { user, router } = renderRoutes(pageRoutes, { initialEntries: ['/docs'] });
    expect(await screen.findByRole('heading', { name: 'Documentation' }, { timeout: 15000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What is documented here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/v1/docs');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Signing in' }));
    expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/docs/auth');
    expect(screen.getByText(/Ask for a reset link on the sign-in page/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Financial passport' }));
    expect(await screen.findByRole('heading', { name: 'Your financial passport' })).toBeInTheDocument();
    expect(screen.getByText(/export everything the platform holds on you/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'API keys' }));
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/docs/api-keys');

    await user.click(screen.getByRole('tab', { name: 'Webhooks' }));
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 2 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/docs/webhooks');
  }, 20_000);

  it('lists every section on the overview, each linking to its tab', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(pageRoutes, { initialEntries: ['/docs'] });
    await screen.findByRole('heading', { name: 'What is documented here' }, { timeout: 15000 });
    const tabs = screen.getAllByRole('tab').filter((tab) => tab.textContent !== 'Overview');
    for (const tab of tabs)
      expect(screen.getByRole('link', { name: tab.textContent ?? '' })).toHaveAttribute('href', tab.getAttribute('href'));
  }, 20_000);

  it('opens /docs/billing directly with the billing-coming-later text', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(pageRoutes, { initialEntries: ['/docs/billing'] });
    expect(await screen.findByText(/Billing is coming later/, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  }, 20_000);
});
