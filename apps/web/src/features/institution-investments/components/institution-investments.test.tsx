import { screen, waitFor, within } from '@testing-library/react';
import {
  INVESTMENT_STEP_KEYS,
  WORKFLOW_TEMPLATES,
  type EsignEnvelope,
  type OfferSummary,
  type TenantMember,
  type Workflow,
  type WorkflowSummary,
} from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navigate } from 'react-router';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { InstitutionInvestmentsPage, NO_INVESTMENTS_TEXT } from './institution-investments-page.tsx';
import { InvestmentHistoryTab } from './investment-history-tab.tsx';
import { InvestmentReviewPage } from './investment-review-page.tsx';
import { InvestmentSubscriptionTab } from './investment-subscription-tab.tsx';
import { NOT_SIGNED_TEXT } from './esignature-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const INSTITUTION_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const OFFER_ID = 'd2d2d2d2d2d2d2d2d2d2d2d2';
const OTHER_OFFER_ID = 'd3d3d3d3d3d3d3d3d3d3d3d3';
const WORKFLOW_ID = 'e1e1e1e1e1e1e1e1e1e1e1e1';
const PROFILE_ID = 'f1f1f1f1f1f1f1f1f1f1f1f1';
const ACCOUNT_ID = 'f2f2f2f2f2f2f2f2f2f2f2f2';
const SIGNED_DOC = 'f3f3f3f3f3f3f3f3f3f3f3f3';
const CERT_DOC = 'f4f4f4f4f4f4f4f4f4f4f4f4';
const WORKFLOWS_PATH = `/api/v1/tenant/${TENANT_ID}/workflows`;
const WORKFLOW_PATH = `${WORKFLOWS_PATH}/${WORKFLOW_ID}`;
const OFFERS_PATH = `/api/v1/tenant/${TENANT_ID}/offers`;
const SHA = 'ab'.repeat(32);

function signInRaise() {
  const member: TenantMember = {
    _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
    tenant: TENANT_ID,
    user: USER_ID,
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    email: 'ada@example.com',
    image: null,
    tags: [],
    groups: [],
    membershipStatus: 'active',
    rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role: 'editor', attributes: { 'institution:manage': true }, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: 'institution', institution: INSTITUTION_ID },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
}

function summary(overrides: Partial<WorkflowSummary> = {}): WorkflowSummary {
  return {
    _id: WORKFLOW_ID,
    name: 'Investment - Harbor Lofts',
    type: 'investment',
    status: 'in-progress',
    owner: USER_ID,
    ownerName: 'Jane Doe',
    offer: { _id: OFFER_ID, name: 'Harbor Lofts' },
    institution: { _id: INSTITUTION_ID, name: 'Northwind Capital' },
    amount: 50000,
    percentComplete: 38,
    currentStepKey: 'profiles',
    nextStep: { key: 'profiles', name: 'Profiles' },
    createdAt: '2026-11-20T14:05:00.000Z',
    updatedAt: '2026-11-26T16:20:00.000Z',
    ...overrides,
  };
}

function offerSummary(id: string, name: string): OfferSummary {
  return {
    _id: id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    type: null,
    assetClass: null,
    descriptionShort: null,
    openDate: null,
    closeDate: null,
    listingStatus: 'none',
    published: true,
    approvalStatus: 'approved',
    institution: { _id: INSTITUTION_ID, name: 'Northwind Capital', logoUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    visibilityStatus: 'visible',
    heroImageUrl: null,
    minimumInvestment: null,
    targetIrr: null,
  };
}

function fullWorkflow(): Workflow {
  const data: Record<string, Record<string, unknown>> = {
    diligence: { viewedDocuments: ['a'.repeat(24)], downloadedDocuments: [], diligenceConfirm: true },
    contribution: { unitClass: 'Class A', unitQuantity: 50, amount: 50000 },
    'investor-type': { investorType: 'individual' },
    ownership: { individualOwnershipType: 'ira', individualRetirementAccountType: 'roth-ira', legalEntityOwnershipType: null },
    profiles: { individualProfiles: [PROFILE_ID], legalEntityProfile: null },
    distribution: { method: 'ach', financialAccountId: ACCOUNT_ID },
  };
  const steps = WORKFLOW_TEMPLATES.investment.steps.map((s) => ({
    ...s,
    status: s.key in data ? ('completed' as const) : s.key === 'purpose' ? ('skipped' as const) : ('pending' as const),
    data: data[s.key] ?? {},
  }));
  return {
    ...summary(),
    description: null,
    ownerEmail: 'jane@example.com',
    createdBy: USER_ID,
    steps,
    config: { offer: OFFER_ID, institution: INSTITUTION_ID, documents: [], amount: 50000, esignTemplateId: null },
    refs: null,
    completedAt: null,
  };
}

const envelope: EsignEnvelope = {
  _id: 'c9c9c9c9c9c9c9c9c9c9c9c9',
  workflow: WORKFLOW_ID,
  provider: 'builtin',
  status: 'signed',
  signerName: 'Jane Q. Doe',
  signedAt: '2026-11-27T10:00:00.000Z',
  unsignedSha256: 'cd'.repeat(32),
  signedSha256: SHA,
  signedDocument: SIGNED_DOC,
  certificateDocument: CERT_DOC,
  signingUrl: null,
  events: [
    { type: 'created', at: '2026-11-27T09:58:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', actor: 'Jane Q. Doe' },
    { type: 'signed', at: '2026-11-27T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', actor: 'Jane Q. Doe' },
  ],
  createdAt: '2026-11-27T09:58:00.000Z',
};

const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

const routes = [
  { path: '/institution/investments', element: <InstitutionInvestmentsPage /> },
  {
    path: '/institution/investments/:workflowId',
    element: <InvestmentReviewPage />,
    children: [
      { index: true, element: <Navigate to="subscription" replace /> },
      { path: 'subscription', element: <InvestmentSubscriptionTab /> },
      { path: 'history', element: <InvestmentHistoryTab /> },
    ],
  },
];

describe('the institution investments list', () => {
  it('pages through the server from page 1 by 20 for the picked institution, and a row opens the review', async () => {
    signInRaise();
    const fetchMock = mockFetch((path, _init, url) => {
      if (path === WORKFLOWS_PATH) {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({
          data: [summary({ _id: page === 1 ? WORKFLOW_ID : 'e2e2e2e2e2e2e2e2e2e2e2e2', ownerName: page === 1 ? 'Jane Doe' : 'Sam Roe' })],
          meta: { page, limit: 20, total: 25 },
        });
      }
      if (path === OFFERS_PATH)
        return jsonResponse({ data: [offerSummary(OFFER_ID, 'Harbor Lofts')], meta: { page: 1, limit: 100, total: 1 } });
      if (path === WORKFLOW_PATH) return jsonResponse({ data: fullWorkflow() });
      if (path === `${WORKFLOW_PATH}/esignature`) return jsonResponse({ data: null });
      return notFound();
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/institution/investments'] });

    expect(await screen.findByRole('heading', { name: 'Investments', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Jane Doe')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Harbor Lofts')).toBeInTheDocument();
    expect(within(row).getByText('$50,000')).toBeInTheDocument();
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('Profiles')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: '38% complete' })).toBeInTheDocument();

    const listUrls = () =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === WORKFLOWS_PATH);
    const first = listUrls()[0]!;
    expect(first.searchParams.get('institution')).toBe(INSTITUTION_ID);
    expect(first.searchParams.get('page')).toBe('1');
    expect(first.searchParams.get('limit')).toBe('20');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Sam Roe')).toBeInTheDocument();
    expect(listUrls().at(-1)!.searchParams.get('page')).toBe('2');

    await user.click(screen.getByText('Sam Roe'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/investments/e2e2e2e2e2e2e2e2e2e2e2e2'));
  });

  it('sends the status and offer filters, the offer from the address (the offer page links there)', async () => {
    signInRaise();
    const fetchMock = mockFetch((path) => {
      if (path === WORKFLOWS_PATH) return jsonResponse({ data: [summary()], meta: { page: 1, limit: 20, total: 1 } });
      if (path === OFFERS_PATH)
        return jsonResponse({
          data: [offerSummary(OFFER_ID, 'Harbor Lofts'), offerSummary(OTHER_OFFER_ID, 'Summit Ridge')],
          meta: { page: 1, limit: 100, total: 2 },
        });
      return notFound();
    });
    const { user } = renderRoutes(routes, { initialEntries: [`/institution/investments?offer=${OFFER_ID}`] });
    await screen.findByText('Jane Doe');
    const lastList = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((u) => u.pathname === WORKFLOWS_PATH)
        .at(-1)!;
    expect(lastList().searchParams.get('offer')).toBe(OFFER_ID);
    const offersCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === OFFERS_PATH)!;
    expect(offersCall.searchParams.get('institution')).toBe(INSTITUTION_ID);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(lastList().searchParams.get('status')).toBe('completed'));
    expect(lastList().searchParams.get('offer')).toBe(OFFER_ID);

    await user.click(screen.getByRole('combobox', { name: 'Offer' }));
    await user.click(await screen.findByRole('option', { name: 'Summit Ridge' }));
    await waitFor(() => expect(lastList().searchParams.get('offer')).toBe(OTHER_OFFER_ID));
    expect(lastList().searchParams.get('page')).toBe('1');
  });

  it('says where subscriptions come from when there are none', async () => {
    signInRaise();
    mockFetch((path) => {
      if (path === WORKFLOWS_PATH) return jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } });
      if (path === OFFERS_PATH) return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
      return notFound();
    });
    renderRoutes(routes, { initialEntries: ['/institution/investments'] });
    expect(await screen.findByText(NO_INVESTMENTS_TEXT)).toBeInTheDocument();
  });

  it('shows the error block with Try again when the list fails', async () => {
    signInRaise();
    mockFetch((path) => {
      if (path === WORKFLOWS_PATH)
        return jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'No', status: 403 } }, 403);
      if (path === OFFERS_PATH) return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
      return notFound();
    });
    renderRoutes(routes, { initialEntries: ['/institution/investments'] });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the review of one subscription', () => {
  it('shows the header, each step in readable words, ids as stored, and the signature with its files and events', async () => {
    signInRaise();
    mockFetch((path) => {
      if (path === WORKFLOW_PATH) return jsonResponse({ data: fullWorkflow() });
      if (path === `${WORKFLOW_PATH}/esignature`) return jsonResponse({ data: envelope });
      return notFound();
    });
    renderRoutes(routes, { initialEntries: [`/institution/investments/${WORKFLOW_ID}`] });

    expect(await screen.findByRole('heading', { name: 'Jane Doe', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com · Investment - Harbor Lofts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', `/institution/offers/${OFFER_ID}/details`);
    expect(await screen.findByRole('tab', { name: 'Subscription', selected: true })).toBeInTheDocument();

    const section = (name: RegExp) => screen.getByRole('region', { name });
    expect(await screen.findAllByRole('region', { name: /^\d+\. / })).toHaveLength(INVESTMENT_STEP_KEYS.length);
    expect(within(section(/Contribution/)).getByText('$50,000')).toBeInTheDocument();
    expect(within(section(/Investor type/)).getByText('Individual')).toBeInTheDocument();
    expect(within(section(/Ownership/)).getByText('Individual retirement account (IRA)')).toBeInTheDocument();
    expect(within(section(/Ownership/)).getByText('Roth IRA')).toBeInTheDocument();
    expect(within(section(/Profiles/)).getByText(PROFILE_ID)).toBeInTheDocument();
    expect(within(section(/Distribution/)).getByText('ACH bank transfer')).toBeInTheDocument();
    expect(within(section(/Distribution/)).getByText(ACCOUNT_ID)).toBeInTheDocument();
    expect(within(section(/Purpose/)).getByText('Skipped by the investor.')).toBeInTheDocument();
    expect(within(section(/Summary/)).getByText('Not answered yet.')).toBeInTheDocument();

    const esign = screen.getByRole('heading', { name: 'E-signature' }).closest('.MuiCard-root') as HTMLElement;
    expect(await within(esign).findByText('Jane Q. Doe')).toBeInTheDocument();
    expect(within(esign).getByText(SHA)).toBeInTheDocument();
    expect(within(within(esign).getByRole('heading', { name: 'E-signature' }).parentElement!).getByText('Signed')).toBeInTheDocument();
    expect(within(esign).getByRole('button', { name: 'Download signed agreement' })).toBeEnabled();
    expect(within(esign).getByRole('button', { name: 'Download certificate of completion' })).toBeEnabled();
    const events = within(esign).getByRole('list', { name: 'Signing events' });
    expect(within(events).getByText('Agreement prepared')).toBeInTheDocument();
    expect(within(events).getAllByText(/IP 203\.0\.113\.7 · Jane Q\. Doe/)).toHaveLength(2);
  });

  it('downloads the signed agreement through the documents download', async () => {
    signInRaise();
    const fetchMock = mockFetch((path) => {
      if (path === WORKFLOW_PATH) return jsonResponse({ data: fullWorkflow() });
      if (path === `${WORKFLOW_PATH}/esignature`) return jsonResponse({ data: envelope });
      if (path === `/api/v1/document/${SIGNED_DOC}/download`) return new Response(new Blob(['%PDF-1.7']), { status: 200 });
      return notFound();
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    // jsdom does not download: the click on the saving link is only noted.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoutes(routes, { initialEntries: [`/institution/investments/${WORKFLOW_ID}/subscription`] });
    await user.click(await screen.findByRole('button', { name: 'Download signed agreement' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/document/${SIGNED_DOC}/download`))).toBe(true),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
  });

  it('says the agreement is not signed yet when there is no envelope', async () => {
    signInRaise();
    mockFetch((path) =>
      path === WORKFLOW_PATH
        ? jsonResponse({ data: fullWorkflow() })
        : path === `${WORKFLOW_PATH}/esignature`
          ? jsonResponse({ data: null })
          : notFound(),
    );
    renderRoutes(routes, { initialEntries: [`/institution/investments/${WORKFLOW_ID}/subscription`] });
    expect(await screen.findByText(NOT_SIGNED_TEXT)).toBeInTheDocument();
  });

  it('shows the not-found page for a workflow the institution cannot see', async () => {
    signInRaise();
    mockFetch(() => notFound());
    renderRoutes(routes, { initialEntries: [`/institution/investments/${WORKFLOW_ID}/subscription`] });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it("reads the workflow's history from its events", async () => {
    signInRaise();
    const fetchMock = mockFetch((path) => {
      if (path === WORKFLOW_PATH) return jsonResponse({ data: fullWorkflow() });
      if (path === `${WORKFLOW_PATH}/events`)
        return jsonResponse({
          data: [
            {
              _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
              type: 'update',
              entity: WORKFLOW_ID,
              // The workflow entity type arrives with the engine; any known type reads the same here.
              entityType: 'tenant-offer',
              message: 'Jane Doe completed the Contribution step',
              user: USER_ID,
              userName: 'Jane Doe',
              meta: { change: { status: { old: 'in-progress', new: 'completed' } } },
              refs: [],
              createdAt: '2026-11-26T16:20:00.000Z',
            },
          ],
          meta: { page: 1, limit: 20, total: 1 },
        });
      return notFound();
    });
    renderRoutes(routes, { initialEntries: [`/institution/investments/${WORKFLOW_ID}/history`] });
    expect(await screen.findByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Jane Doe completed the Contribution step')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(`${WORKFLOW_PATH}/events`))).toBe(true);
  });
});
