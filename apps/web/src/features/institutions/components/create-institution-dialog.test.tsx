import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CONTACT, type Institution } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { TenantInstitutionsPage } from './institutions-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const LIST = `/api/v1/tenant/${TENANT_ID}/institutions`;
const created: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: 'harbor-fund',
  type: 'fund',
  description: null,
  descriptionShort: 'Bridge loans',
  customMetrics: [],
  images: [],
  videos: [],
  contact: EMPTY_CONTACT,
  logoUrl: null,
  offersCount: 0,
  isTeamMember: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function prepare() {
  const fetchMock = mockFetch((path, init) => {
    if (path === LIST && init?.method === 'POST') return jsonResponse({ data: created }, 201);
    if (path === LIST) return jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } });
    if (path === `${LIST}/slug-available`) return jsonResponse({ data: { slug: 'harbor-fund', available: true } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user, router } = renderRoutes(
    [
      { path: '/tenant/marketplace/institutions', element: <TenantInstitutionsPage /> },
      { path: '/tenant/marketplace/institutions/:tenantInstitutionId', element: <p>Institution page</p> },
    ],
    { initialEntries: ['/tenant/marketplace/institutions?modal=create'] },
  );
  return { user, router, fetchMock };
}

describe('CreateInstitutionDialog', () => {
  it('keeps Create disabled until the name and short description are given, deriving the slug from the name', async () => {
    const { user } = prepare();
    const dialog = await screen.findByRole('dialog', { name: 'Add Institution' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Fund');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Harbor Fund');
    expect(within(dialog).getByRole('textbox', { name: /^Slug/ })).toHaveValue('harbor-fund');
    expect(create).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Short description/ }), 'Bridge loans');
    await waitFor(() => expect(create).toBeEnabled());
  });

  it("creates the institution, toasts and goes to the new institution's page", async () => {
    const { user, router, fetchMock } = prepare();
    const dialog = await screen.findByRole('dialog', { name: 'Add Institution' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Harbor Fund');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Short description/ }), 'Bridge loans');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByText('Institution page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/tenant/marketplace/institutions/${ID}`);
    expect(await screen.findByText('Institution created')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(
      ([input, init]) => new URL(String(input), 'http://localhost').pathname === LIST && init?.method === 'POST',
    );
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { name: 'Harbor Fund', slug: 'harbor-fund', type: 'fund', descriptionShort: 'Bridge loans' },
    ]);
  });
});
