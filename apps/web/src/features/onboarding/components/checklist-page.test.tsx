import { screen, waitFor, within } from '@testing-library/react';
import type { Application, ApplicationStatus, IdentityVerificationStatus } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { ChecklistPage } from './checklist-page.tsx';

const confetti = vi.hoisted(() => vi.fn(() => Promise.resolve()));
// The page draws on its own thread (no blob: worker, which the CSP refuses): create() without a worker, then fire.
const create = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create }) }));

beforeEach(() => {
  confetti.mockClear();
  create.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.signOut('user');
});

const APPLICATION_ID = 'f6f6f6f6f6f6f6f6f6f6f6f6';
const applicationOf = (status: ApplicationStatus): Application => ({
  _id: APPLICATION_ID,
  tenant: TENANT_ID,
  type: 'accreditation',
  status,
  user: USER_ID,
  business: null,
  reviewedAt: null,
  reviewedBy: null,
  approvalDoc: null,
  reviewNote: null,
  expiresAt: null,
  expired: false,
  verificationMethod: null,
  certificateCode: null,
  renewedFrom: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  currentQuestionId: null,
  completedQuestionIds: [],
  questionData: {},
});

function setUp(identity: IdentityVerificationStatus, accreditation: ApplicationStatus | null, { demoFails = false } = {}) {
  const user = makeUser({
    investOnboardingStage: 'complete',
    onboardingStatus: 'checklist',
    identityVerificationStatus: identity,
    accreditationApplicationId: accreditation ? APPLICATION_ID : null,
  });
  sessionStore.signIn({ ...makeAuthResult(), user });
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/user/${USER_ID}` && !init?.method) return jsonResponse({ data: user });
    if (path === `/api/v1/application/${APPLICATION_ID}` && accreditation) return jsonResponse({ data: applicationOf(accreditation) });
    if (path === '/api/v1/application' && init?.method === 'POST') return jsonResponse({ data: applicationOf('not-started') }, 201);
    if (path === `/api/v1/user/${USER_ID}/onboarding` && init?.method === 'PUT')
      return demoFails
        ? jsonResponse(
            { error: { type: 'bad-request', name: 'BadRequest', message: 'Verify your identity before continuing', status: 400 } },
            400,
          )
        : jsonResponse({ data: { ...user, onboardingStatus: 'demo' } });
    return jsonResponse({ error: { message: `unexpected ${path}` } }, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/investor/onboarding/checklist', element: <ChecklistPage /> },
      { path: '/investor/onboarding/verify-identity', element: <p>Verify identity page</p> },
      { path: '/investor/applications/:applicationId', element: <p>Application page</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntries: ['/investor/onboarding/checklist'] },
  );
  return { ...rendered, fetchMock };
}

/** How many times the application was created (POST application). */
const creates = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === '/api/v1/application' && init?.method === 'POST',
  ).length;
const required = () => within(screen.getByRole('list', { name: 'Required steps' }));
const step = (name: RegExp) => required().getByRole('button', { name });

describe('the onboarding checklist', () => {
  it('shows both required steps with their status, the disabled explore items and the info boxes', async () => {
    setUp('not-started', null);
    expect(await screen.findByRole('heading', { name: 'Onboarding checklist' })).toBeInTheDocument();
    expect(step(/Identity Verification/)).toHaveTextContent('Not started');
    expect(step(/Investor Accreditation/)).toHaveTextContent('Not Applied');
    const explore = within(screen.getByRole('list', { name: 'Explore' }));
    expect(explore.getByRole('button', { name: /Net Worth Tracker/ })).toHaveAttribute('aria-disabled', 'true');
    expect(explore.getByRole('button', { name: /Net Worth Tracker/ })).toHaveTextContent('Coming soon');
    expect(explore.getByRole('button', { name: /Investment Opportunities Marketplace/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/under 24 hours here, versus up to 2 weeks elsewhere/)).toBeInTheDocument();
    expect(screen.getByText('Your data is never shared with third parties.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to/ })).not.toBeInTheDocument();
    expect(confetti).not.toHaveBeenCalled();
  });

  it('opens identity verification, and creates the accreditation application on the first click before opening it', async () => {
    const { user, router, fetchMock } = setUp('started', null);
    await screen.findByRole('heading', { name: 'Onboarding checklist' });
    expect(step(/Identity Verification/)).toHaveTextContent('Started');
    await user.click(step(/Investor Accreditation/));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/investor/applications/${APPLICATION_ID}`));
    expect(creates(fetchMock)).toBe(1);
    await router.navigate('/investor/onboarding/checklist');
    await user.click(await screen.findByRole('button', { name: /Identity Verification/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/onboarding/verify-identity'));
  });

  it('opens the existing application without creating another, and disables the identity step once approved', async () => {
    const { user, router, fetchMock } = setUp('approved', 'submitted');
    await screen.findByRole('heading', { name: 'Onboarding checklist' });
    expect(step(/Identity Verification/)).toHaveAttribute('aria-disabled', 'true');
    expect(step(/Identity Verification/)).toHaveTextContent('Approved');
    await waitFor(() => expect(step(/Investor Accreditation/)).toHaveTextContent('Application In Review'));
    await user.click(step(/Investor Accreditation/));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/investor/applications/${APPLICATION_ID}`));
    expect(creates(fetchMock)).toBe(0);
  });

  it('throws confetti once both are approved and continues to the product: onboarding status demo, then home', async () => {
    const { user, router, fetchMock } = setUp('approved', 'approved');
    await waitFor(() => expect(step(/Investor Accreditation/)).toHaveTextContent('Verified Accredited Investor'));
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
    await user.click(screen.getByRole('button', { name: 'Continue to Tessera' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sentBodies(fetchMock, `/api/v1/user/${USER_ID}/onboarding`)).toEqual([{ onboardingStatus: 'demo' }]);
  });

  it('only logs a failed demo update and still goes home', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = setUp('approved', 'approved', { demoFails: true });
    await user.click(await screen.findByRole('button', { name: /Continue to/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logged).toHaveBeenCalledWith('Setting onboarding status demo failed', expect.anything());
    expect(screen.queryByRole('alert', { name: /Verify your identity/ })).not.toBeInTheDocument();
  });
});
