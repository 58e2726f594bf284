import { screen, waitFor, within } from '@testing-library/react';
import type { IndividualProfile, InvestmentStepKey, Workflow } from '@tessera/domain';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../../test/fixtures.ts';
import { advance, makeWorkflow, WORKFLOW_ID } from '../../../../test/investment-workflow.ts';
import { API, DOC_ID, makeDocumentFile, makeMarketplaceOffer, makeOfferClass, OFFER_ID } from '../../../../test/marketplace.ts';
import { fill, renderRoutes } from '../../../../test/render.tsx';
import { ContributionStep } from './contribution-step.tsx';
import { DiligenceStep } from './diligence-step.tsx';
import { ProfilesStep } from './profiles-step.tsx';
import type { StepProps } from './step-props.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const STEPS = `/api/v1/tenant/${TENANT_ID}/workflows/${WORKFLOW_ID}/steps`;
const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

function renderStep(
  Step: ComponentType<StepProps>,
  key: InvestmentStepKey,
  workflow: Workflow,
  answer: (path: string, init: RequestInit | undefined) => Response | undefined,
) {
  sessionStore.signIn(makeAuthResult());
  const fetchMock = mockFetch((path, init) => answer(path, init) ?? notFound());
  const onCompleted = vi.fn();
  const step = workflow.steps.find((s) => s.key === key)! as StepProps['step'];
  const props: StepProps = { tenantId: TENANT_ID, workflow, step, onBack: vi.fn(), onCompleted, goToStep: vi.fn(), staging: false };
  const rendered = renderRoutes([{ path: '/w', element: <Step {...props} /> }], { initialEntries: ['/w'] });
  return { ...rendered, fetchMock, onCompleted };
}

describe('Diligence step', () => {
  it('records each view, and completes only once the review is confirmed', async () => {
    vi.stubGlobal('open', vi.fn());
    const workflow = makeWorkflow();
    const { user, fetchMock, onCompleted } = renderStep(DiligenceStep, 'diligence', workflow, (path, init) => {
      if (path === `${API}/offers/${OFFER_ID}/documents`)
        return jsonResponse({ data: [makeDocumentFile()], meta: { page: 1, limit: 100, total: 1 } });
      if (path === `${STEPS}/diligence` && init?.method === 'PUT') return jsonResponse({ data: workflow });
      if (path === `${STEPS}/diligence/complete`) return jsonResponse({ data: advance(workflow, [{ complete: 'diligence' }]) });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'View Operating Agreement' }));
    expect(window.open).toHaveBeenCalledWith(makeDocumentFile().url, '_blank', 'noopener');
    await waitFor(() => expect(sentBodies(fetchMock, `${STEPS}/diligence`)).toEqual([{ data: { viewedDocuments: [DOC_ID] } }]));
    expect(screen.getByText('Viewed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Confirm that you have reviewed the offering documents')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${STEPS}/diligence/complete`)).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'I have reviewed the offering documents' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(sentBodies(fetchMock, `${STEPS}/diligence/complete`)).toEqual([
      { data: { viewedDocuments: [DOC_ID], downloadedDocuments: [], diligenceConfirm: true } },
    ]);
  });
});

describe('Contribution step', () => {
  const offer = makeMarketplaceOffer({
    classes: [
      makeOfferClass({ id: 'class-a', name: 'Class A', minimumInvestment: 50_000, maximumInvestment: 1_000_000, pricePerUnit: 1000 }),
      makeOfferClass({ id: 'class-b', name: 'Class B', minimumInvestment: 100_000 }),
    ],
  });
  const at = () => advance(makeWorkflow(), [{ complete: 'diligence' }]);

  it('shows each class with its terms, starts at the workflow amount and derives the units', async () => {
    renderStep(ContributionStep, 'contribution', at(), (path) =>
      path === `${API}/offers/${OFFER_ID}` ? jsonResponse({ data: offer }) : undefined,
    );
    expect(await screen.findByRole('radio', { name: /Class A/ })).toBeChecked();
    expect(screen.getAllByText('Minimum $50,000 · Maximum $1,000,000 · $1,000 per unit').length).toBeGreaterThan(0);
    expect(screen.getByText('Minimum $100,000')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Investment amount/ })).toHaveValue('$50,000');
    expect(screen.getByRole('textbox', { name: 'Units' })).toHaveValue('50');
  });

  it('refuses an amount below the class minimum with the message, and sends nothing', async () => {
    const { user, fetchMock, onCompleted } = renderStep(ContributionStep, 'contribution', at(), (path) =>
      path === `${API}/offers/${OFFER_ID}` ? jsonResponse({ data: offer }) : undefined,
    );
    const amount = await screen.findByRole('textbox', { name: /Investment amount/ });
    await user.clear(amount);
    await fill(user, amount, '10000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The minimum investment for Class A is $50,000')).toBeInTheDocument();
    await user.clear(amount);
    await fill(user, amount, '50500');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The amount must be a multiple of the price per unit ($1,000)')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${STEPS}/contribution/complete`)).toEqual([]);
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it("completes with the class, amount and units, and shows the server's refusal on the amount", async () => {
    const { user, fetchMock } = renderStep(ContributionStep, 'contribution', at(), (path) => {
      if (path === `${API}/offers/${OFFER_ID}`) return jsonResponse({ data: offer });
      if (path === `${STEPS}/contribution/complete`)
        return jsonResponse(
          { error: { type: 'bad-request', name: 'BadRequestError', message: 'The offer is fully subscribed', status: 400 } },
          400,
        );
      return undefined;
    });
    const amount = await screen.findByRole('textbox', { name: /Investment amount/ });
    await user.clear(amount);
    await fill(user, amount, '75000');
    expect(screen.getByRole('textbox', { name: 'Units' })).toHaveValue('75');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The offer is fully subscribed')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, `${STEPS}/contribution/complete`)).toEqual([
      { data: { unitClass: 'class-a', amount: 75_000, unitQuantity: 75 } },
    ]);
  });
});

describe('Profiles step', () => {
  const address = { _id: 'c1c1c1c1c1c1c1c1c1c1c1c1', isEnabled: true, isPrimary: true, enabledCommunications: [], addressType: 'mailing' };
  const profile = (id: string, firstname: string, values: Partial<IndividualProfile> = {}): IndividualProfile => ({
    _id: id,
    user: USER_ID,
    firstname,
    lastname: 'Doe',
    middlename: '',
    birthDate: null,
    birthPlace: null,
    gender: null,
    citizenship: null,
    occupation: null,
    crd: null,
    ssn: null,
    tin: null,
    ein: null,
    image: null,
    contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
    govPhotoIds: [],
    financialAccounts: [],
    verificationStatus: 'not-started',
    revealed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...values,
  });
  const complete = profile('c2c2c2c2c2c2c2c2c2c2c2c2', 'Jane', {
    contact: {
      addresses: [{ ...address, address: { address1: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '78701' } }],
      emails: [{ ...address, _id: 'c3c3c3c3c3c3c3c3c3c3c3c3', email: 'jane@example.com', emailType: 'personal' }],
      phones: [],
      faxes: [],
      links: [],
    } as IndividualProfile['contact'],
    govPhotoIds: ['c4c4c4c4c4c4c4c4c4c4c4c4'],
    financialAccounts: ['c5c5c5c5c5c5c5c5c5c5c5c5'],
    verificationStatus: 'approved',
  });
  const incomplete = profile('c6c6c6c6c6c6c6c6c6c6c6c6', 'John');
  const individual = () =>
    advance(makeWorkflow(), [
      { complete: 'diligence' },
      { complete: 'contribution' },
      { complete: 'investor-type', data: { investorType: 'individual' } },
      {
        complete: 'ownership',
        data: { individualOwnershipType: 'individual', individualRetirementAccountType: null, legalEntityOwnershipType: null },
      },
    ]);

  it('flags an incomplete profile with what it lacks and a link to fix it, and lets only complete ones be chosen', async () => {
    const { user, fetchMock } = renderStep(ProfilesStep, 'profiles', individual(), (path) => {
      if (path === '/api/v1/individual-profile')
        return jsonResponse({ data: [complete, incomplete], meta: { page: 1, limit: 100, total: 2 } });
      if (path === '/api/v1/legal-entity-profile') return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
      if (path === `${STEPS}/profiles/complete`) return jsonResponse({ data: individual() });
      return undefined;
    });
    const john = await screen.findByRole('checkbox', { name: 'John Doe' });
    expect(john).toBeDisabled();
    const row = within(john.closest('li')!);
    expect(row.getByText('Contact information (an e-mail and an address)')).toBeInTheDocument();
    expect(row.getByText('A government photo ID')).toBeInTheDocument();
    expect(row.getByText('A financial account')).toBeInTheDocument();
    expect(row.getByText('Identity verification')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Complete John Doe in your passport' })).toHaveAttribute(
      'href',
      `/user/passport/individual-profiles/${incomplete._id}`,
    );
    const jane = screen.getByRole('checkbox', { name: 'Jane Doe' });
    expect(jane).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(jane);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `${STEPS}/profiles/complete`)).toEqual([
        { data: { individualProfiles: [complete._id], legalEntityProfile: null } },
      ]),
    );
  });

  it('says how to create a profile when the passport has none', async () => {
    renderStep(ProfilesStep, 'profiles', individual(), (path) =>
      path === '/api/v1/individual-profile' ? jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }) : undefined,
    );
    expect(await screen.findByText(/You have no individual profiles in your passport yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/user/passport/individual-profiles?modal=create');
  });
});
