import { screen, within } from '@testing-library/react';
import type { Offer } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OfferDocumentsTab } from './offer-documents-tab.tsx';
import type { OfferOutletContext } from './offer-page.tsx';
import { makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DOCS = `${OFFERS_PATH}/${OFFER_ID}/documents`;
const EXISTING = 'e1e1e1e1e1e1e1e1e1e1e1e1';
const UPLOADED = 'f2f2f2f2f2f2f2f2f2f2f2f2';

function render(hidden = false) {
  const offer = makeOffer({ documents: [{ document: EXISTING, type: 'operating-agreement', position: 0, hidden }] });
  const fetchMock = mockFetch((path, init) => {
    if (path === DOCS && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Pick<Offer, 'documents'>;
      return jsonResponse({ data: { ...offer, documents: body.documents } });
    }
    if (path === DOCS) {
      return jsonResponse({
        data: [
          {
            document: EXISTING,
            type: 'operating-agreement',
            position: 0,
            hidden,
            name: 'Operating agreement 2026',
            originalName: 'oa.pdf',
            mimeType: 'application/pdf',
            size: 2048,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      });
    }
    if (path === '/api/v1/document' && init?.method === 'POST') {
      return jsonResponse({
        data: {
          _id: UPLOADED,
          name: 'wire',
          type: 'wire-instructions',
          entityType: 'OFFER',
          tags: ['offer'],
          description: null,
          mimeType: 'text/plain',
          size: 12,
          url: `/api/v1/document/${UPLOADED}/download`,
          uploadedBy: USER_ID,
          originalName: 'wire.txt',
          parsed: false,
          rights: { read: true, update: true, delete: true, share: true },
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const Parent = () => <Outlet context={{ tenantId: TENANT_ID, offer } satisfies OfferOutletContext} />;
  const { user } = renderRoutes([{ path: '/', element: <Parent />, children: [{ index: true, element: <OfferDocumentsTab /> }] }]);
  return { user, fetchMock };
}

describe('OfferDocumentsTab', () => {
  it('shows which required documents are missing, and that picking an existing one is not there yet', async () => {
    const { user } = render();
    const required = await screen.findByRole('list', { name: 'Required documents' });
    expect(await within(required).findByText('Uploaded: Operating agreement 2026')).toBeInTheDocument();
    expect(within(required).getAllByText('Missing')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Select Existing Document' }));
    expect(await screen.findByText('This feature is not yet implemented')).toBeInTheDocument();
  });

  it('does not count a hidden required document as present', async () => {
    render(true);
    const required = await screen.findByRole('list', { name: 'Required documents' });
    expect(await within(required).findByText('Hidden: Operating agreement 2026 (show it to count for publishing)')).toBeInTheDocument();
    expect(within(required).queryByText(/^Uploaded/)).not.toBeInTheDocument();
    expect(within(required).getAllByText('Missing')).toHaveLength(3);
    expect(screen.getByLabelText(/^Incomplete\. Missing: Operating Agreement, Private Placement Memorandum/)).toBeInTheDocument();
  });

  it('uploads a document of the chosen type as an offer document, then lists it on the offer', async () => {
    const { user, fetchMock } = render();
    await user.click(await screen.findByRole('button', { name: 'Upload Wire Instructions' }));
    await user.upload(screen.getByLabelText('Document file'), new File(['wire details'], 'wire.txt', { type: 'text/plain' }));
    expect(await screen.findByText('documents updated')).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/v1/document'))?.[1]?.body as FormData;
    expect([form.get('type'), form.get('entityType')]).toEqual(['wire-instructions', 'OFFER']);
    const puts = fetchMock.mock.calls
      .filter(([input, init]) => String(input).endsWith(DOCS) && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(puts).toEqual([
      {
        documents: [
          { document: EXISTING, type: 'operating-agreement', position: 0, hidden: false },
          { document: UPLOADED, type: 'wire-instructions', position: 1, hidden: false },
        ],
      },
    ]);
  });
});
