import { screen } from '@testing-library/react';
import type { DocumentRecord } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DocumentsPage } from './documents-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DOC: DocumentRecord = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  name: 'Tax return 2024',
  type: 'INCOME_TAX',
  entityType: 'USER',
  tags: ['tax'],
  description: null,
  mimeType: 'application/pdf',
  size: 2048,
  url: '/api/v1/document/d4d4d4d4d4d4d4d4d4d4d4d4/download',
  uploadedBy: 'b2b2b2b2b2b2b2b2b2b2b2b2',
  originalName: 'return.pdf',
  parsed: false,
  rights: { read: true, update: true, delete: true, share: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const routes = [
  { path: '/document', element: <DocumentsPage /> },
  { path: '/document/:documentId', element: <p>Document opened</p> },
];

describe('DocumentsPage', () => {
  it("shows 'No data' when there are no documents", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } }));
    renderRoutes(routes, { initialEntries: ['/document'] });
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/v1/document'));
    expect(asked[0]).toBe('/api/v1/document?page=1&limit=20');
  });

  it('lists documents with their labels and opens one on row click', async () => {
    mockFetch(() => jsonResponse({ data: [DOC], meta: { page: 1, limit: 20, total: 1 } }));
    const { user, router } = renderRoutes(routes, { initialEntries: ['/document'] });
    const name = await screen.findByText('Tax return 2024');
    expect(screen.getByText('Income Tax')).toBeInTheDocument();
    expect(screen.getByText('tax')).toBeInTheDocument();
    await user.click(name);
    expect(await screen.findByText('Document opened')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/document/${DOC._id}`);
  });
});
