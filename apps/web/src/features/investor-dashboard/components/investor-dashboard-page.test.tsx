import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_BRANDING,
  EXPIRED_ACCREDITATION_LABEL,
  type AccessGrant,
  type Application,
  type BrandingMessaging,
  type User,
} from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { investorDashboardLoader, InvestorDashboardPage } from './investor-dashboard-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const APPLICATION_ID = 'a9a9a9a9a9a9a9a9a9a9a9a9';
const DOC_ID = 'd9d9d9d9d9d9d9d9d9d9d9d9';
const RENEWAL_ID = 'a8a8a8a8a8a8a8a8a8a8a8a8';
const CODE = 'TSR-7K4M-9Q2X';
const ACCESS = `/api/v1/document/${DOC_ID}/access`;

const application = (values: Partial<Application> = {}): Application => ({
  _id: APPLICATION_ID,
  tenant: TENANT_ID,
  type: 'accreditation',
  status: 'approved',
  user: USER_ID,
  business: null,
  reviewedAt: '2026-02-10T12:00:00.000Z',
  reviewedBy: { _id: 'c9c9c9c9c9c9c9c9c9c9c9c9', email: 'reviewer@example.com', role: 'evaluator' },
  approvalDoc: DOC_ID,
  reviewNote: null,
  expiresAt: '2027-02-10T12:00:00.000Z',
  expired: false,
  verificationMethod: 'income',
  certificateCode: CODE,
  renewedFrom: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-10T12:00:00.000Z',
  currentQuestionId: null,
  completedQuestionIds: [],
  questionData: {},
  ...values,
});

const LENDERS: BrandingMessaging = {
  welcomeTitle: 'Welcome to Acme Capital',
  welcomeText: 'Private credit, verified once.',
  promoCards: [
    {
      _id: 'b1b1b1b1b1b1b1b1b1b1b1b1',
      title: 'Conventional Loan',
      body: 'Rates as low as 6-8%',
      buttons: [
        { label: 'Learn More', url: '/marketplace/institutions/harbor-point-credit' },
        { label: 'Apply Now', url: 'mailto:loans@harbor.example' },
      ],
      hidden: false,
    },
    { _id: 'b2b2b2b2b2b2b2b2b2b2b2b2', title: 'Hidden card', body: '', buttons: [], hidden: true },
  ],
};

interface Setup {
  user?: Partial<User>;
  application?: Application;
  messaging?: BrandingMessaging;
}

function setup({ user = {}, application: app, messaging = DEFAULT_BRANDING.messaging }: Setup = {}) {
  const me = makeUser({ accreditationApplicationId: app ? APPLICATION_ID : null, ...user });
  sessionStore.signIn({ ...makeAuthResult(), user: me });
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/user/${USER_ID}`) return jsonResponse({ data: me });
    if (path === `/api/v1/application/${APPLICATION_ID}` && app) return jsonResponse({ data: app });
    if (path === '/api/v1/application' && init?.method === 'POST' && app)
      return jsonResponse({ data: { ...app, _id: RENEWAL_ID, status: 'not-started', renewedFrom: APPLICATION_ID } }, 201);
    if (path === `/api/v1/tenant/${TENANT_ID}/public`)
      return jsonResponse({
        data: {
          _id: TENANT_ID,
          slug: 'acme',
          name: 'Acme Capital',
          branding: { ...DEFAULT_BRANDING, messaging },
          supportEmail: 'support@acme.example',
          highMinimumPath: false,
        },
      });
    if (path === ACCESS && init?.method === 'POST') {
      const grant: AccessGrant = {
        _id: 'e9e9e9e9e9e9e9e9e9e9e9e9',
        subject: 'f9f9f9f9f9f9f9f9f9f9f9f9',
        subjectType: 'user',
        subjectEmail: 'advisor@example.com',
        subjectName: 'advisor@example.com',
        subjectSignupStatus: 'partial',
        resource: DOC_ID,
        resourceType: 'document',
        resourceEmail: null,
        role: 'viewer',
        expiresAt: null,
        expired: false,
        createdAt: '2026-03-01T00:00:00.000Z',
        updatedAt: '2026-03-01T00:00:00.000Z',
      };
      return jsonResponse({ data: grant }, 201);
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/investor/dashboard', element: <InvestorDashboardPage /> },
      { path: `/investor/applications/${RENEWAL_ID}`, element: <p>Application page</p> },
    ],
    {
      initialEntries: ['/investor/dashboard'],
    },
  );
  return { ...rendered, fetchMock };
}

const certificate = () => screen.findByRole('region', { name: 'Accreditation Certificate' });

describe('Investor dashboard', () => {
  it("starts the investor's account and accreditation application from the route, before the page renders", async () => {
    const me = makeUser({ accreditationApplicationId: APPLICATION_ID });
    sessionStore.signIn({ ...makeAuthResult(), user: me });
    const fetchMock = mockFetch((path) => {
      if (path === `/api/v1/user/${USER_ID}`) return jsonResponse({ data: me });
      if (path === `/api/v1/application/${APPLICATION_ID}`) return jsonResponse({ data: application() });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    await investorDashboardLoader();
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths).toEqual(expect.arrayContaining([`/api/v1/user/${USER_ID}`, `/api/v1/application/${APPLICATION_ID}`]));
    expect(queryClient.getQueryData(['application', APPLICATION_ID])).toMatchObject({ certificateCode: CODE });
    queryClient.clear();
  });

  it("greets the investor and shows the tenant's welcome and visible promo cards with their buttons", async () => {
    setup({ messaging: LENDERS });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    const welcome = await screen.findByRole('region', { name: 'Welcome' });
    expect(within(welcome).getByRole('heading', { name: 'Welcome to Acme Capital' })).toBeInTheDocument();
    expect(within(welcome).getByText('Private credit, verified once.')).toBeInTheDocument();
    const promotions = screen.getByRole('region', { name: 'Promotions' });
    expect(within(promotions).getByRole('heading', { name: 'Conventional Loan' })).toBeInTheDocument();
    expect(within(promotions).queryByText('Hidden card')).not.toBeInTheDocument();
    expect(within(promotions).getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/marketplace/institutions/harbor-point-credit',
    );
    const apply = within(promotions).getByRole('link', { name: 'Apply Now' });
    expect(apply).toHaveAttribute('href', 'mailto:loans@harbor.example');
    expect(apply).not.toHaveAttribute('target');
    // The ways into the investor's screens.
    const goTo = screen.getByRole('region', { name: 'Go to' });
    expect(within(goTo).getByRole('link', { name: /Investments/ })).toHaveAttribute('href', '/investor/investments');
    expect(within(goTo).getByRole('link', { name: /Marketplace/ })).toHaveAttribute('href', '/marketplace/offers');
  });

  it('shows no promo cards for a tenant that has none', async () => {
    setup();
    await screen.findByRole('region', { name: 'Welcome' });
    expect(screen.queryByRole('region', { name: 'Promotions' })).not.toBeInTheDocument();
  });

  it('prompts a user who has not finished onboarding to the checklist, with where each step stands', async () => {
    setup({
      user: { onboardingStatus: 'checklist', identityVerificationStatus: 'approved' },
      application: application({ status: 'submitted' }),
    });
    const prompt = await screen.findByRole('region', { name: 'Finish your onboarding' });
    expect(within(prompt).getByText('Approved')).toBeInTheDocument();
    expect(await within(prompt).findByText('Application In Review')).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Continue onboarding' })).toHaveAttribute('href', '/investor/onboarding/checklist');
    expect(screen.queryByRole('region', { name: 'Accreditation Certificate' })).not.toBeInTheDocument();
  });

  it('prompts a user whose application is approved while their identity is not', async () => {
    setup({ user: { onboardingStatus: 'complete', identityVerificationStatus: 'started' }, application: application() });
    const prompt = await screen.findByRole('region', { name: 'Finish your onboarding' });
    expect(within(prompt).getByText('Started')).toBeInTheDocument();
    expect(await within(prompt).findByText('Verified Accredited Investor')).toBeInTheDocument();
  });

  it('shows the certificate card in demo onboarding with the application in review, every action disabled', async () => {
    setup({ user: { onboardingStatus: 'demo' }, application: application({ status: 'in-progress', reviewedAt: null, approvalDoc: null }) });
    const card = await certificate();
    expect(await within(card).findByText('Application In Review')).toBeInTheDocument();
    expect(within(card).getByText('Your certificate is issued once your accreditation is approved.')).toBeInTheDocument();
    for (const name of ['View', 'Share', 'Renew']) expect(within(card).getByRole('button', { name })).toBeDisabled();
    expect(within(card).queryByText('Issued')).not.toBeInTheDocument();
  });

  it('shows an approved certificate with its issue and expiry dates, its verification code, view, share and renew', async () => {
    setup({ user: { onboardingStatus: 'complete', identityVerificationStatus: 'approved' }, application: application() });
    const card = await certificate();
    expect(await within(card).findByText('Verified Accredited Investor')).toBeInTheDocument();
    expect(within(card).getByText('Feb 10, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Expires')).toBeInTheDocument();
    expect(within(card).getByText('Feb 10, 2027')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `Verification code ${CODE}: check it` })).toHaveAttribute('href', `/verify/${CODE}`);
    expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/document/${DOC_ID}`);
    expect(within(card).getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it("reads an expired approval as 'Accreditation Expired': no view or share, renew offered", async () => {
    setup({
      user: { onboardingStatus: 'demo' },
      application: application({ reviewedAt: '2024-01-05T12:00:00.000Z', expiresAt: '2025-01-05T12:00:00.000Z', expired: true }),
    });
    const card = await certificate();
    expect(await within(card).findByText(EXPIRED_ACCREDITATION_LABEL)).toBeInTheDocument();
    expect(within(card).queryByText('Verified Accredited Investor')).not.toBeInTheDocument();
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(within(card).queryByText(CODE)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it('renews: starts an application from the approved one and opens it', async () => {
    const { user, fetchMock } = setup({
      user: { onboardingStatus: 'demo' },
      application: application({ expiresAt: '2025-01-05T12:00:00.000Z', expired: true }),
    });
    const card = await certificate();
    await user.click(await within(card).findByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Application page')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/application')).toEqual([{ renewFrom: APPLICATION_ID }]);
  });

  it('keeps view and share disabled while an approved application has no approval letter', async () => {
    setup({ user: { onboardingStatus: 'demo' }, application: application({ approvalDoc: null }) });
    const card = await certificate();
    expect(await within(card).findByText(/approval letter is not available yet/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it('shares the certificate: the dialog grants the approval letter to an e-mail address', async () => {
    const { user, fetchMock } = setup({ user: { onboardingStatus: 'demo' }, application: application() });
    const card = await certificate();
    await user.click(await within(card).findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your accreditation certificate' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await fill(user, email, 'not-an-email');
    await user.tab();
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeDisabled();
    await user.clear(email);
    await fill(user, email, 'advisor@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Invitation sent to advisor@example.com')).toBeInTheDocument();
    expect(sentBodies(fetchMock, ACCESS)).toEqual([{ subjectEmail: 'advisor@example.com', role: 'viewer' }]);
    // The dialog closes with its exit transition, which a busy machine stretches.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
