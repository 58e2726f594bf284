import { screen, waitFor } from '@testing-library/react';
import type { Workflow } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID } from '../../../test/fixtures.ts';
import { advance, makeWorkflow, WORKFLOW_ID } from '../../../test/investment-workflow.ts';
import { API, makeDocumentFile, makeMarketplaceOffer } from '../../../test/marketplace.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { WorkflowPage } from './workflow-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const ONE = `/api/v1/tenant/${TENANT_ID}/workflows/${WORKFLOW_ID}`;
const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

/** Diligence and contribution done, so the investor stands on the investor type. */
const atInvestorType = () =>
  advance(makeWorkflow(), [
    { complete: 'diligence', data: { viewedDocuments: [], downloadedDocuments: [], diligenceConfirm: true } },
    { complete: 'contribution', data: { unitClass: 'class-a', unitQuantity: null, amount: 50_000 } },
  ]);

function setup(workflow: Workflow | null, entry: string, onPut?: (path: string, body: unknown) => Response) {
  sessionStore.signIn(makeAuthResult());
  const fetchMock = mockFetch((path, init) => {
    if (path === ONE && (init?.method ?? 'GET') === 'GET') return workflow ? jsonResponse({ data: workflow }) : notFound();
    if (path.startsWith(`${ONE}/steps/`) && init?.method === 'PUT' && onPut) return onPut(path, JSON.parse(String(init.body)));
    if (path === `${API}/offers/${makeMarketplaceOffer()._id}/documents`)
      return jsonResponse({ data: [makeDocumentFile()], meta: { page: 1, limit: 100, total: 1 } });
    if (path === `${API}/offers/${makeMarketplaceOffer()._id}`) return jsonResponse({ data: makeMarketplaceOffer() });
    return notFound();
  });
  const rendered = renderRoutes([{ path: '/investor/workflow/:workflowId', element: <WorkflowPage /> }], { initialEntries: [entry] });
  return { ...rendered, fetchMock };
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('Investment workflow screen', () => {
  it('opens the step the address names, with the offer, institution and progress', async () => {
    const { router } = setup(atInvestorType(), `/investor/workflow/${WORKFLOW_ID}?step=contribution`);
    expect(await heading('Contribution')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Lofts' })).toBeInTheDocument();
    expect(screen.getAllByText('Harbor Point Credit').length).toBeGreaterThan(0);
    expect(screen.getByText('15% complete')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=contribution');
  });

  it('defaults to the current step and writes it into the address, replacing the entry', async () => {
    const { router } = setup(atInvestorType(), `/investor/workflow/${WORKFLOW_ID}`);
    expect(await heading('Investor type')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=investor-type'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('replaces a step the workflow does not have with the current one', async () => {
    const { router } = setup(atInvestorType(), `/investor/workflow/${WORKFLOW_ID}?step=nonsense`);
    expect(await heading('Investor type')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=investor-type'));
  });

  it('goes back over skipped steps', async () => {
    const workflow = advance(makeWorkflow(), [
      { complete: 'diligence', data: { viewedDocuments: [], downloadedDocuments: [], diligenceConfirm: true } },
      { skip: 'contribution' },
    ]);
    const { router, user } = setup(workflow, `/investor/workflow/${WORKFLOW_ID}?step=investor-type`);
    expect(await heading('Investor type')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=diligence'));
    expect(await heading('Diligence')).toBeInTheDocument();
    // The first step has no Back.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('follows the workflow to its new current step once a step completes, with the §8 toast', async () => {
    const before = atInvestorType();
    const { router, user, fetchMock } = setup(before, `/investor/workflow/${WORKFLOW_ID}`, (_path, body) =>
      jsonResponse({ data: advance(before, [{ complete: 'investor-type', data: (body as { data: Record<string, unknown> }).data }]) }),
    );
    expect(await heading('Investor type')).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Individual/ }));
    await user.click(continueButton);
    expect(await heading('Ownership')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=ownership');
    expect(sentBodies(fetchMock, `${ONE}/steps/investor-type/complete`)).toEqual([{ data: { investorType: 'individual' } }]);
    expect(await screen.findByText('Workflow step completed')).toBeInTheDocument();
  });

  it('shows the server refusal of a step as a toast with its message', async () => {
    const { user } = setup(atInvestorType(), `/investor/workflow/${WORKFLOW_ID}`, () =>
      jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message: 'Choose how you invest', status: 400 } }, 400),
    );
    await heading('Investor type');
    await user.click(screen.getByRole('radio', { name: /Legal entity/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose how you invest')).toBeInTheDocument();
  });

  it('opens a completed workflow on its submitted state', async () => {
    const done = { ...makeWorkflow(), status: 'completed' as const, currentStepKey: null, completedAt: '2026-11-27T10:00:00.000Z' };
    const { router } = setup(done, `/investor/workflow/${WORKFLOW_ID}`);
    expect(await heading('Subscription submitted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your investments' })).toHaveAttribute('href', '/investor/investments');
    expect(router.state.location.search).toBe('');
  });

  it('shows the staging markers with ?staging=1', async () => {
    setup(atInvestorType(), `/investor/workflow/${WORKFLOW_ID}?step=investor-type&staging=1`);
    await heading('Investor type');
    expect(screen.getByTestId('staging-markers')).toHaveTextContent('current investor-type');
    expect(screen.getByTestId('staging-markers')).toHaveTextContent('shown investor-type (in-progress) · back contribution');
  });

  it('shows the not-found page for a workflow the server does not show', async () => {
    setup(null, `/investor/workflow/${WORKFLOW_ID}`);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
