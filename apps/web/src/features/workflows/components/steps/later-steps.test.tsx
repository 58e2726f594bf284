import { screen, within } from '@testing-library/react';
import { marketplaceOfferApiPath, type Application, type FinancialAccount } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, TENANT_ID, USER_ID } from '../../../../test/fixtures.ts';
import { makeMarketplaceOffer, OFFER_ID } from '../../../../test/marketplace.ts';
import { makeWorkflow, renderStep, WORKFLOW_API } from './step-test-utils.tsx';
import { DistributionStep } from './distribution-step.tsx';
import { QualificationStep, RULE_506C_TEXT } from './qualification-step.tsx';
import { SUBMITTED_TITLE, SummaryStep } from './summary-step.tsx';

const APPLICATION_ID = 'a9a9a9a9a9a9a9a9a9a9a9a9';
const ACCOUNT_ID = 'a5a5a5a5a5a5a5a5a5a5a5a5';
const OFFER_PATH = `/api/v1${marketplaceOfferApiPath(TENANT_ID, OFFER_ID)}`;

const application = (values: Partial<Application> = {}): Application => ({
  _id: APPLICATION_ID,
  tenant: TENANT_ID,
  type: 'accreditation',
  status: 'approved',
  user: USER_ID,
  business: null,
  reviewedAt: '2026-02-10T12:00:00.000Z',
  reviewedBy: { _id: 'c9c9c9c9c9c9c9c9c9c9c9c9', email: 'reviewer@example.com', role: 'evaluator' },
  approvalDoc: null,
  reviewNote: null,
  expiresAt: '2027-02-10T12:00:00.000Z',
  expired: false,
  verificationMethod: 'income',
  certificateCode: null,
  renewedFrom: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-10T12:00:00.000Z',
  currentQuestionId: null,
  completedQuestionIds: [],
  questionData: {},
  ...values,
});

const ACCOUNT: FinancialAccount = {
  _id: ACCOUNT_ID,
  user: USER_ID,
  accountName: 'Main checking',
  type: 'checking',
  number: '********6789',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ACCOUNTS = { data: [ACCOUNT], meta: { page: 1, limit: 100, total: 1 } };

const signInAs = (accreditationApplicationId: string | null) => {
  const user = makeUser({ accreditationApplicationId });
  sessionStore.signIn({ ...makeAuthResult(), user });
  return user;
};

beforeEach(() => sessionStore.signOut('user'));
afterEach(() => vi.unstubAllGlobals());

describe('QualificationStep', () => {
  it('blocks a 506(c) offer without an approved accreditation and leads to the application', async () => {
    const user = signInAs(APPLICATION_ID);
    const fetchMock = mockFetch((path) => {
      if (path === `/api/v1/user/${USER_ID}`) return jsonResponse({ data: user });
      if (path === `/api/v1/application/${APPLICATION_ID}`)
        return jsonResponse({ data: application({ status: 'submitted', expiresAt: null, reviewedAt: null }) });
      if (path === OFFER_PATH) return jsonResponse({ data: makeMarketplaceOffer({ fedExemptionExclusions: ['rule-506-c'] }) });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    renderStep(QualificationStep, makeWorkflow('qualification'));

    expect(await screen.findByText(RULE_506C_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Application In Review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue your accreditation' })).toHaveAttribute(
      'href',
      `/investor/applications/${APPLICATION_ID}`,
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/qualification/complete`)).toEqual([]);
  });

  it('offers to apply when the investor has no accreditation, and takes an approved one for a 506(c) offer', async () => {
    signInAs(null);
    mockFetch((path) => {
      if (path === `/api/v1/user/${USER_ID}`) return jsonResponse({ data: makeUser() });
      if (path === OFFER_PATH) return jsonResponse({ data: makeMarketplaceOffer({ fedExemptionExclusions: ['rule-506-c'] }) });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    renderStep(QualificationStep, makeWorkflow('qualification'));
    expect(await screen.findByRole('button', { name: 'Apply for accreditation' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Your applications' })).toHaveAttribute('href', '/investor/applications');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('completes a 506(c) offer with the approved, unexpired accreditation', async () => {
    const user = signInAs(APPLICATION_ID);
    const workflow = makeWorkflow('qualification');
    const fetchMock = mockFetch((path, init) => {
      if (init?.method === 'PUT') return jsonResponse({ data: makeWorkflow('financial-account') });
      if (path === `/api/v1/user/${USER_ID}`) return jsonResponse({ data: user });
      if (path === `/api/v1/application/${APPLICATION_ID}`) return jsonResponse({ data: application() });
      return jsonResponse({ data: makeMarketplaceOffer({ fedExemptionExclusions: ['rule-506-c'] }) });
    });
    const { user: actor, props } = renderStep(QualificationStep, workflow);
    expect(await screen.findByText('Verified Accredited Investor')).toBeInTheDocument();
    expect(screen.getByText(/^Expires /)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(props.onCompleted).toHaveBeenCalled());
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/qualification/complete`)).toEqual([
      { data: { basis: 'verified-accreditation', accreditationApplicationId: APPLICATION_ID, selfCertified: false } },
    ]);
  });
});

describe('DistributionStep', () => {
  it('requires an account for ACH, then completes with it', async () => {
    const fetchMock = mockFetch((path, init) => {
      if (init?.method === 'PUT') return jsonResponse({ data: makeWorkflow('esignature') });
      if (path === '/api/v1/financial-account') return jsonResponse(ACCOUNTS);
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    const { user, props } = renderStep(DistributionStep, makeWorkflow('distribution'));
    await user.click(screen.getByRole('radio', { name: 'ACH bank transfer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose the account to receive distributions')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/distribution/complete`)).toEqual([]);

    await user.click(await screen.findByRole('radio', { name: /Main checking/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(props.onCompleted).toHaveBeenCalled());
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/distribution/complete`)).toEqual([
      { data: { method: 'ach', financialAccountId: ACCOUNT_ID } },
    ]);
  });

  it('sends no account for a check, and shows the server refusal at the top', async () => {
    const fetchMock = mockFetch((path, init) =>
      init?.method === 'PUT'
        ? jsonResponse(
            { error: { type: 'bad-request', name: 'BadRequestError', message: 'Complete the steps before this one', status: 400 } },
            400,
          )
        : jsonResponse(ACCOUNTS),
    );
    const { user, props } = renderStep(DistributionStep, makeWorkflow('distribution'));
    await user.click(screen.getByRole('radio', { name: 'Check by mail' }));
    expect(screen.queryByRole('radio', { name: /Main checking/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Complete the steps before this one')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/distribution/complete`)).toEqual([
      { data: { method: 'check', financialAccountId: null } },
    ]);
    expect(props.onCompleted).not.toHaveBeenCalled();
  });
});

describe('SummaryStep', () => {
  const DONE = {
    contribution: { unitClass: 'Class A', unitQuantity: null, amount: 25000 },
    'investor-type': { investorType: 'individual' },
    distribution: { method: 'ach', financialAccountId: ACCOUNT_ID },
    esignature: {
      envelopeId: 'e1e1e1e1e1e1e1e1e1e1e1e1',
      signedDocumentId: 'e2e2e2e2e2e2e2e2e2e2e2e2',
      certificateDocumentId: 'e3e3e3e3e3e3e3e3e3e3e3e3',
      signedAt: '2026-11-27T10:00:00.000Z',
    },
  };

  it('lists the signed answers without edit links, submits, and shows the success', async () => {
    const completed = makeWorkflow('summary', DONE, { status: 'completed', currentStepKey: null });
    const fetchMock = mockFetch((path, init) => {
      if (init?.method === 'PUT') return jsonResponse({ data: completed });
      if (path === '/api/v1/financial-account') return jsonResponse(ACCOUNTS);
      return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
    });
    const { user, props } = renderStep(SummaryStep, makeWorkflow('summary', DONE));

    const contribution = screen.getByRole('heading', { name: 'Contribution' }).closest('li') as HTMLElement;
    expect(within(contribution).getByText('$25,000')).toBeInTheDocument();
    expect(within(contribution).getByText('Class A')).toBeInTheDocument();
    const distribution = screen.getByRole('heading', { name: 'Distribution' }).closest('li') as HTMLElement;
    expect(within(distribution).getByText('ACH bank transfer')).toBeInTheDocument();
    expect(await within(distribution).findByText('Main checking (********6789)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Signed agreement' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Certificate of completion' })).toBeInTheDocument();

    // Signed: the agreement holds these answers and the server refuses changes, so there is nothing to edit.
    expect(screen.getByText('The agreement is signed with these answers, so they can no longer change.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit subscription' }));
    expect(await screen.findByRole('heading', { name: SUBMITTED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Harbor Fund was notified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Investments' })).toHaveAttribute('href', '/investor/investments');
    expect(sentBodies(fetchMock, `${WORKFLOW_API}/steps/summary/complete`)).toEqual([{ data: { submitted: true } }]);
    expect(props.onCompleted).toHaveBeenCalledWith(completed);
  });

  it('does not submit while a step is still open, and links each step to edit it', async () => {
    mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }));
    const workflow = makeWorkflow('summary', DONE);
    const open = workflow.steps.map((s) =>
      s.key === 'purpose' || s.key === 'esignature' ? { ...s, status: 'pending' as const, data: {} } : s,
    );
    const { user, props } = renderStep(SummaryStep, { ...workflow, steps: open });
    expect(screen.getByText(/Complete every step before you submit: Purpose, E-signature/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit subscription' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit Contribution' }));
    expect(props.goToStep).toHaveBeenCalledWith('contribution');
  });
});
