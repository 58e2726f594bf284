import { screen, within } from '@testing-library/react';
import {
  accreditationStatusLabel,
  applicationStatus,
  EXPIRED_ACCREDITATION_LABEL,
  type Application,
  type ApplicationStatus,
} from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AccreditationBanner } from './accreditation-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const DOC_ID = 'd1d1d1d1d1d1d1d1d1d1d1d1';
const RENEWAL_ID = 'c2c2c2c2c2c2c2c2c2c2c2c2';
const application = (status: ApplicationStatus, values: Partial<Application> = {}): Application => ({
  _id: ID,
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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currentQuestionId: null,
  completedQuestionIds: [],
  questionData: {},
  ...values,
});
const approved = (values: Partial<Application> = {}) =>
  application('approved', {
    reviewedAt: '2026-02-10T12:00:00.000Z',
    expiresAt: '2027-02-10T12:00:00.000Z',
    approvalDoc: DOC_ID,
    certificateCode: 'TSR-7K4M-9Q2X',
    ...values,
  });

function renderBanner(applicationId: string | null, answer: () => Response) {
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/application/${ID}`) return answer();
    if (path === '/api/v1/application' && init?.method === 'POST')
      return jsonResponse({ data: application('not-started', { _id: RENEWAL_ID, renewedFrom: ID }) }, 201);
    return jsonResponse({}, 404);
  });
  const rendered = renderRoutes([
    { path: '/', element: <AccreditationBanner user={{ accreditationApplicationId: applicationId }} /> },
    { path: `/investor/applications/${RENEWAL_ID}`, element: <p>Application page</p> },
  ]);
  return { fetchMock, ...rendered };
}

describe('AccreditationBanner', () => {
  it("reads 'Not Applied' without an application, asking nothing", () => {
    const { fetchMock } = renderBanner(null, () => jsonResponse({ data: application('approved') }));
    expect(screen.getByLabelText('Accreditation')).toHaveTextContent('Not Applied');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(applicationStatus.options.map((status) => [status, accreditationStatusLabel[status]]))(
    'shows %s as %s from GET application/{id}',
    async (status, label) => {
      renderBanner(ID, () => jsonResponse({ data: application(status) }));
      expect(await screen.findByText(label)).toBeInTheDocument();
      expect(screen.getByLabelText('Accreditation')).toHaveTextContent(label);
    },
  );

  it('offers view and share of the approval letter and renewal once approved', async () => {
    renderBanner(ID, () => jsonResponse({ data: approved() }));
    const banner = await screen.findByRole('status', { name: 'Accreditation' });
    expect(await within(banner).findByText('Verified Accredited Investor')).toBeInTheDocument();
    expect(within(banner).getByText('Valid until Feb 10, 2027')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/document/${DOC_ID}`);
    expect(within(banner).getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(within(banner).getByRole('button', { name: 'Renew' })).toBeEnabled();
  });

  it("reads an expired approval as 'Accreditation Expired' and renews it into a new application", async () => {
    const { fetchMock, user } = renderBanner(ID, () =>
      jsonResponse({ data: approved({ reviewedAt: '2024-01-05T12:00:00.000Z', expiresAt: '2025-01-05T12:00:00.000Z', expired: true }) }),
    );
    const banner = await screen.findByRole('status', { name: 'Accreditation' });
    expect(await within(banner).findByText(EXPIRED_ACCREDITATION_LABEL)).toBeInTheDocument();
    expect(within(banner).queryByText('Verified Accredited Investor')).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'View' })).toBeDisabled();
    expect(within(banner).getByRole('button', { name: 'Share' })).toBeDisabled();
    await user.click(within(banner).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Application page')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/v1/application')).toEqual([{ renewFrom: ID }]);
  });

  it('offers no actions before an approval', async () => {
    renderBanner(ID, () => jsonResponse({ data: application('submitted') }));
    const banner = await screen.findByRole('status', { name: 'Accreditation' });
    expect(await within(banner).findByText('Application In Review')).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('says when the status cannot be loaded instead of guessing one', async () => {
    renderBanner(ID, () =>
      jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Application not found', status: 404 } }, 404),
    );
    expect(await screen.findByText('The application status could not be loaded: Application not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Application In Review')).not.toBeInTheDocument();
  });
});
