import { screen, waitFor, within } from '@testing-library/react';
import type { Application } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { InvestorApplicationsPage } from './applications-page.tsx';
import { ApplicationWizardPage } from './wizard/wizard-page.tsx';
import { ApplicationDetailsTab } from './review/application-details-tab.tsx';
import { ApplicationLayout } from './review/application-layout.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const APPLICATION: Application = {
  _id: 'f6f6f6f6f6f6f6f6f6f6f6f6',
  tenant: TENANT_ID,
  type: 'accreditation',
  status: 'approved',
  user: USER_ID,
  business: null,
  reviewedAt: '2026-03-01T12:00:00.000Z',
  reviewedBy: null,
  approvalDoc: null,
  reviewNote: null,
  expiresAt: '2027-03-01T12:00:00.000Z',
  expired: false,
  verificationMethod: null,
  certificateCode: null,
  renewedFrom: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  currentQuestionId: null,
  completedQuestionIds: [],
  questionData: {},
};

function setUp(path: string, existing: Application[]) {
  sessionStore.signIn(makeAuthResult());
  const fetchMock = mockFetch((p, init) => {
    if (p === '/api/v1/application' && init?.method === 'POST')
      return jsonResponse({ data: { ...APPLICATION, status: 'not-started' } }, 201);
    if (p === '/api/v1/application') return jsonResponse({ data: existing, meta: { page: 1, limit: 20, total: existing.length } });
    if (p === `/api/v1/application/${APPLICATION._id}`) return jsonResponse({ data: existing[0] ?? APPLICATION });
    return jsonResponse({ error: { message: `unexpected ${p}` } }, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/investor/applications', element: <InvestorApplicationsPage /> },
      { path: '/investor/applications/:applicationId', element: <ApplicationWizardPage /> },
      {
        element: <ApplicationLayout />,
        children: [{ path: '/investor/applications/:applicationId/details', element: <ApplicationDetailsTab /> }],
      },
    ],
    { initialEntries: [path] },
  );
  return { ...rendered, fetchMock };
}

describe("the investor's applications", () => {
  it('says there are none yet, and ?modal=create starts one and opens its wizard', async () => {
    const { user, router } = setUp('/investor/applications?modal=create', []);
    expect(await screen.findByText('You have no applications yet. Start one to get accredited.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Start an accreditation application' });
    await user.click(within(dialog).getByRole('button', { name: 'Start application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/investor/applications/${APPLICATION._id}`));
    expect(await screen.findByRole('heading', { name: 'Who is applying?' })).toBeInTheDocument();
  });

  it('lists them with the status the investor reads, and opens an approved one at its details with issue and expiry dates', async () => {
    const { user, router } = setUp('/investor/applications', [APPLICATION]);
    await user.click(await screen.findByRole('link', { name: /Accreditation application/ }));
    expect(await screen.findByRole('heading', { name: 'Accreditation application', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/investor/applications/${APPLICATION._id}/details`);
    expect(screen.getAllByText('Verified Accredited Investor')).not.toHaveLength(0);
    expect(screen.getByText('Expires')).toBeInTheDocument();
    expect(screen.getAllByText(/2027/)).not.toHaveLength(0);
  });
});
