import { screen, within } from '@testing-library/react';
import type { ApiKey, TenantMember, TenantRole } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { DOC } from '../lib/openapi.test-helpers.ts';
import { ApiDocsIntro } from './api-docs-intro.tsx';
import { ApiDocsPage } from './api-docs-page.tsx';
import { ApiEndpointPage } from './api-endpoint-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const routes = [
  {
    path: '/tenant/docs',
    element: <ApiDocsPage />,
    children: [
      { index: true, element: <ApiDocsIntro /> },
      { path: 'api/:groupId/:endpointId', element: <ApiEndpointPage /> },
    ],
  },
];

const KEY: ApiKey = {
  _id: 'c1c1c1c1c1c1c1c1c1c1c1c1',
  kind: 'private',
  institution: null,
  prefix: 'tsk_live_9f3',
  label: 'CRM',
  createdBy: USER_ID,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  scopes: ['leads:read'],
  expiresAt: null,
  allowedOrigins: [],
  status: 'active',
};

function signInAs(role: TenantRole) {
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
    rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role, attributes: {}, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
}

function serve() {
  return mockFetch((path) => {
    if (path === '/api/v1/openapi.json') return jsonResponse(DOC);
    if (path === `/api/v1/tenant/${TENANT_ID}/api-keys`) return jsonResponse({ data: [KEY], meta: { page: 1, limit: 100, total: 1 } });
    return jsonResponse({ error: { type: 'not-found', name: 'Not Found', message: 'Not found', status: 404 } }, 404);
  });
}

const origin = window.location.origin;

describe('API docs', () => {
  it("explains tokens, keys and addressing from the document, with this tenant's address and the owner's key prefix", async () => {
    signInAs('owner');
    serve();
    renderRoutes(routes, { initialEntries: ['/tenant/docs'], tenant: { tenantSlug: 'acme' } });
    expect(await screen.findByRole('heading', { name: 'Calling the API' }, { timeout: 15000 })).toBeInTheDocument();
    const address = screen.getByRole('region', { name: "This tenant's address" });
    expect(within(address).getByText(`${origin}/api/v1`)).toBeInTheDocument();
    expect(within(address).getByText('acme')).toBeInTheDocument();
    expect(within(address).getByText('Tenants are addressed by host, never by a header.')).toBeInTheDocument();
    const token = screen.getByRole('region', { name: 'Getting a token' });
    expect(within(token).getByText('POST /auth/token-refresh')).toBeInTheDocument();
    expect(within(token).getByText(/It lasts 30 minutes/)).toBeInTheDocument();
    expect(within(token).getByLabelText('Sign-in request').textContent).toContain(`curl -X POST '${origin}/api/v1/auth/signin'`);
    const keys = screen.getByRole('region', { name: 'API keys' });
    expect(await within(keys).findByText('tsk_live_9f3…')).toBeInTheDocument();
  }, 20_000);

  it('shows a placeholder key to a non-owner without reading the keys', async () => {
    signInAs('member');
    const fetchMock = serve();
    renderRoutes(routes, { initialEntries: ['/tenant/docs'] });
    const keys = await screen.findByRole('region', { name: 'API keys' }, { timeout: 15000 });
    expect(within(keys).getByText('tsk_live_…')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api-keys'))).toBe(false);
  }, 20_000);

  it('documents an operation: id, security, parameters, body, example request and every response', async () => {
    signInAs('owner');
    serve();
    renderRoutes(routes, { initialEntries: ['/tenant/docs/api/offers/createOffer'], tenant: { tenantSlug: 'acme' } });
    expect(await screen.findByText('createOffer', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Authentication' })).getByText('Session token')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Parameters' })).getByText('The tenant of the address, by id or slug'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Request body' })).getByText('OfferCreate')).toBeInTheDocument();
    expect(screen.getByTestId('curl-example').textContent).toContain(`curl -X POST '${origin}/api/v1/tenant/acme/offers'`);
    const created = screen.getByRole('article', { name: 'Response 201' });
    expect(within(created).getByText('Location')).toBeInTheDocument();
    expect(within(created).getByLabelText('Example response 201').textContent).toContain('"name": "Harbor Lofts"');
    const errors = screen.getByRole('table', { name: 'Error responses' });
    expect(within(errors).getAllByText('Your session is not valid. Please sign in again.')[0]).toBeInTheDocument();
  }, 20_000);

  it("uses the owner's key on an operation that takes one, and shows a binary answer's media types", async () => {
    signInAs('owner');
    serve();
    renderRoutes(routes, { initialEntries: ['/tenant/docs/api/offers/listOffers'], tenant: { tenantSlug: 'acme' } });
    await screen.findByText('listOffers', {}, { timeout: 15000 });
    expect(await screen.findByText(/X-API-Key: tsk_live_9f3…/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Authentication' })).getByText('Any one of:')).toBeInTheDocument();
  }, 20_000);

  it('shows the media types and no JSON example of a download, and finds an endpoint by its old path link', async () => {
    signInAs('owner');
    serve();
    renderRoutes(routes, { initialEntries: ['/tenant/docs/api/document/get-document-id-download'] });
    const ok = await screen.findByRole('article', { name: 'Response 200' }, { timeout: 15000 });
    expect(within(ok).getByText('application/pdf')).toBeInTheDocument();
    expect(within(ok).getByText('text/plain')).toBeInTheDocument();
    expect(within(ok).queryByLabelText('Example response 200')).not.toBeInTheDocument();
    expect(screen.getByTestId('curl-example').textContent).toContain('-o ./download');
  }, 20_000);
});
