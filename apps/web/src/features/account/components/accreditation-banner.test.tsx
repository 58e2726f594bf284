import { screen } from '@testing-library/react';
import { accreditationStatusLabel, applicationStatus, type Application, type ApplicationStatus } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AccreditationBanner } from './accreditation-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const application = (status: ApplicationStatus): Application => ({
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
});

function renderBanner(applicationId: string | null, answer: () => Response) {
  const fetchMock = mockFetch((path) => (path === `/api/v1/application/${ID}` ? answer() : jsonResponse({}, 404)));
  renderRoutes([{ path: '/', element: <AccreditationBanner user={{ accreditationApplicationId: applicationId }} /> }]);
  return fetchMock;
}

describe('AccreditationBanner', () => {
  it("reads 'Not Applied' without an application, asking nothing", () => {
    const fetchMock = renderBanner(null, () => jsonResponse({ data: application('approved') }));
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

  it('says when the status cannot be loaded instead of guessing one', async () => {
    renderBanner(ID, () =>
      jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Application not found', status: 404 } }, 404),
    );
    expect(await screen.findByText('The application status could not be loaded: Application not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Application In Review')).not.toBeInTheDocument();
  });
});
