import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BRANDING, type WorkflowSummary } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InvestmentsPage } from './investments-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const LIST = `/api/v1/tenant/${TENANT_ID}/workflows`;
const workflow = (id: string, values: Partial<WorkflowSummary> = {}): WorkflowSummary => ({
  _id: id,
  name: 'Investment - Harbor Lofts',
  type: 'investment',
  status: 'in-progress',
  ownerName: 'Jane Doe',
  owner: USER_ID,
  offer: { _id: 'f1f1f1f1f1f1f1f1f1f1f1f1', name: 'Harbor Lofts' },
  institution: { _id: 'e1e1e1e1e1e1e1e1e1e1e1e1', name: 'Harbor Point Credit' },
  amount: 50_000,
  percentComplete: 33,
  currentStepKey: 'investor-type',
  nextStep: { key: 'investor-type', name: 'Investor type' },
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  ...values,
});

function setup(answer: (url: URL) => Response) {
  sessionStore.signIn(makeAuthResult());
  const fetchMock = mockFetch((path, _init, url) => {
    if (path === LIST) return answer(url);
    if (path === `/api/v1/tenant/${TENANT_ID}/public`)
      return jsonResponse({ data: { _id: TENANT_ID, slug: 'acme', name: 'Acme Capital', branding: DEFAULT_BRANDING } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  return {
    ...renderRoutes([{ path: '/investor/investments', element: <InvestmentsPage /> }], { initialEntries: ['/investor/investments'] }),
    fetchMock,
  };
}

describe('Investments screen', () => {
  it('shows a card per in-progress investment, newest first, with its fields and a Continue link', async () => {
    const { fetchMock } = setup(() =>
      jsonResponse({
        data: [
          workflow('a1a1a1a1a1a1a1a1a1a1a1a0'),
          workflow('a1a1a1a1a1a1a1a1a1a1a1a2', {
            offer: { _id: 'f2f2f2f2f2f2f2f2f2f2f2f2', name: 'Summit Ridge Apartments' },
            institution: { _id: 'e2e2e2e2e2e2e2e2e2e2e2e2', name: 'Summit Ridge Capital' },
            amount: 125_000,
            percentComplete: 0,
            nextStep: { key: 'diligence', name: 'Diligence' },
          }),
        ],
        meta: { page: 1, limit: 12, total: 2 },
      }),
    );
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Harbor Lofts', 'Summit Ridge Apartments']);
    const first = within(cards[0]!);
    expect(first.getByText('Harbor Point Credit')).toBeInTheDocument();
    expect(first.getByText('In progress')).toBeInTheDocument();
    expect(first.getByText('33% complete')).toBeInTheDocument();
    expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(first.getByText('$50,000')).toBeInTheDocument();
    expect(first.getByText('Investor type')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Continue Harbor Lofts' })).toHaveAttribute(
      'href',
      '/investor/workflow/a1a1a1a1a1a1a1a1a1a1a1a0?step=investor-type',
    );
    const second = within(cards[1]!);
    expect(second.getByText('$125,000')).toBeInTheDocument();
    expect(second.getByText('Diligence')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'Continue Summit Ridge Apartments' })).toHaveAttribute(
      'href',
      '/investor/workflow/a1a1a1a1a1a1a1a1a1a1a1a2?step=diligence',
    );
    // Only the caller's in-progress investments are asked for.
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).find((u) => u.pathname === LIST)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ type: 'investment', status: 'in-progress', page: '1', limit: '12' });
  });

  it('pages through the address when there are more than a page', async () => {
    const { user, router } = setup((url) =>
      jsonResponse({
        data: [workflow(url.searchParams.get('page') === '2' ? 'a1a1a1a1a1a1a1a1a1a1a1b2' : 'a1a1a1a1a1a1a1a1a1a1a1b1')],
        meta: { page: Number(url.searchParams.get('page')), limit: 12, total: 13 },
      }),
    );
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    // The first page stays on screen until the second arrives.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue Harbor Lofts' })).toHaveAttribute(
        'href',
        '/investor/workflow/a1a1a1a1a1a1a1a1a1a1a1b2?step=investor-type',
      ),
    );
  });

  it('shows the completed investments on their tab, each opening its submitted workflow', async () => {
    const { fetchMock, user, router } = setup((url) =>
      jsonResponse(
        url.searchParams.get('status') === 'completed'
          ? {
              data: [
                workflow('a1a1a1a1a1a1a1a1a1a1a1c1', { status: 'completed', percentComplete: 100, currentStepKey: null, nextStep: null }),
              ],
              meta: { page: 1, limit: 12, total: 1 },
            }
          : { data: [], meta: { page: 1, limit: 12, total: 0 } },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No investments in progress' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(router.state.location.search).toBe('?status=completed');
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Completed')).toBeInTheDocument();
    expect(card.getByText('100% complete')).toBeInTheDocument();
    expect(card.getByText('All steps done')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View Harbor Lofts' })).toHaveAttribute('href', '/investor/workflow/a1a1a1a1a1a1a1a1a1a1a1c1');
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === LIST);
    expect(asked.at(-1)?.searchParams.get('status')).toBe('completed');
  });

  it('says what to do when there is nothing in progress', async () => {
    setup(() => jsonResponse({ data: [], meta: { page: 1, limit: 12, total: 0 } }));
    expect(await screen.findByRole('heading', { name: 'No investments in progress' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' })).toHaveAttribute('href', '/marketplace/offers');
  });

  it('shows the error block with Try again when the list fails, and recovers', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'Internal Server Error', status: 500 } }, 500)
        : jsonResponse({ data: [workflow('a1a1a1a1a1a1a1a1a1a1a1a0')], meta: { page: 1, limit: 12, total: 1 } }),
    );
    expect(await screen.findByText('Something went wrong', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Continue Harbor Lofts' })).toBeInTheDocument();
  });
});
