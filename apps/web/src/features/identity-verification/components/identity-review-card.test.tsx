import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { identityPath, makeInquiry } from '../identity-verification.test-helpers.ts';
import { IdentityReviewCard } from './identity-review-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderRoutes([{ path: '/', element: <IdentityReviewCard userId={USER_ID} /> }]);

describe('IdentityReviewCard', () => {
  it("shows the status, the latest inquiry's outcome, each check with its sentence and the document's fields", async () => {
    mockFetch((path) =>
      path === identityPath()
        ? jsonResponse({
            data: {
              user: USER_ID,
              identityVerificationStatus: 'rejected',
              inquiry: makeInquiry({
                status: 'rejected',
                outcome: 'rejected',
                checks: [
                  { name: 'document-readable', status: 'passed', detail: 'The barcode on the back was read.' },
                  {
                    name: 'birth-date-matches-typed',
                    status: 'failed',
                    detail: 'The birth date on the document (1980-02-01) differs from the one typed (1980-01-02).',
                  },
                ],
                document: {
                  firstName: 'Ada',
                  lastName: 'Lovelace',
                  documentNumber: '****4567',
                  address: { line1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
                },
              }),
            },
          })
        : jsonResponse({}, 404),
    );
    renderCard();
    expect(await screen.findByText('Rejected', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Birth date matches')).toBeInTheDocument();
    expect(screen.getByText(/differs from the one typed/)).toBeInTheDocument();
    expect(screen.getByTitle('Failed')).toBeInTheDocument();
    expect(screen.getByTitle('Passed')).toBeInTheDocument();
    expect(screen.getByText('****4567')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, Springfield, IL, 62701')).toBeInTheDocument();
  });

  it('says when there is no inquiry yet', async () => {
    mockFetch(() => jsonResponse({ data: { user: USER_ID, identityVerificationStatus: 'not-started', inquiry: null } }));
    renderCard();
    expect(await screen.findByText('No identity inquiry yet.')).toBeInTheDocument();
    expect(screen.getByText('Not started')).toBeInTheDocument();
  });
});
