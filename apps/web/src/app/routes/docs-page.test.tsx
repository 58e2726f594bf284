import { screen, waitFor, within } from '@testing-library/react';
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

  it('opens /docs/billing directly: plans, trial, proration, invoices, payment methods and the billing calls', async () => {
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes(pageRoutes, { initialEntries: ['/docs/billing'] });
    expect(await screen.findByRole('heading', { name: 'Billing', level: 2 }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
    for (const part of ['Plans', 'The trial', 'Changing plan and proration', 'Invoices', 'Payment methods', 'The billing API'])
      expect(screen.getByRole('heading', { name: part, level: 3 })).toBeInTheDocument();
    expect(screen.queryByText(/Billing is coming later/)).not.toBeInTheDocument();
    expect(screen.getByText(/Card details go only to the payment provider/)).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    // Without the OpenAPI document (here a 404) each call links to the reference itself.
    const calls = screen.getByRole('table', { name: 'Billing API operations' });
    expect(within(calls).getByRole('link', { name: '/tenant/{t}/institutions/{id}/billing/plan/proration' })).toHaveAttribute(
      'href',
      '/api/v1/docs',
    );
  }, 20_000);

  it('links each billing call to its operation in the API reference when the document has it', async () => {
    const operation = (operationId: string) => ({ operationId, tags: ['Billing'], summary: operationId, responses: {} });
    mockFetch((path) =>
      path === '/api/v1/openapi.json'
        ? jsonResponse({
            openapi: '3.1.0',
            tags: [{ name: 'Billing' }],
            paths: {
              '/tenant/{tenantId}/institutions/{institutionId}/billing/plan': {
                get: operation('getBillingPlan'),
                put: operation('changeBillingPlan'),
              },
            },
          })
        : jsonResponse({}, 404),
    );
    renderRoutes(pageRoutes, { initialEntries: ['/docs/billing'] });
    const calls = await screen.findByRole('table', { name: 'Billing API operations' }, { timeout: 15000 });
    const links = within(calls).getAllByRole('link', { name: '/tenant/{t}/institutions/{id}/billing/plan' });
    await waitFor(() => expect(links[0]).toHaveAttribute('href', '/api/v1/docs#/Billing/getBillingPlan'));
    expect(links[1]).toHaveAttribute('href', '/api/v1/docs#/Billing/changeBillingPlan');
  }, 20_000);
});
