import { screen, waitFor, within } from '@testing-library/react';
import { apiKeyScopeLabels, EMPTY_CONTACT, INSTITUTION_KEY_SCOPES, type ApiKey, type Institution } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { KEY_SHOWN_ONCE } from '../../api-keys/index.ts';
import { InstitutionApiTab } from './institution-api-tab.tsx';
import { TenantInstitutionPage } from './tenant-institution-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`;
const BASE = `/tenant/marketplace/institutions/${ID}`;
const institution: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: 'harbor',
  type: 'fund',
  description: null,
  descriptionShort: 'Loans',
  customMetrics: [],
  images: [],
  videos: [],
  contact: EMPTY_CONTACT,
  logoUrl: null,
  offersCount: 0,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const KEY = 'tsk_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ROW: ApiKey = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  kind: 'private',
  institution: ID,
  prefix: KEY.slice(0, 12),
  label: 'Data room',
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

function prepare(listKeys: () => Response = () => jsonResponse({ data: [] })) {
  let keys: ApiKey[] | null = null;
  const fetchMock = mockFetch((path, init) => {
    if (path === PATH) return jsonResponse({ data: institution });
    if (path === `${PATH}/api-key/pvt` && init?.method === 'POST') {
      keys = [ROW];
      return jsonResponse({ data: { ...ROW, key: KEY } });
    }
    if (path === `${PATH}/api-keys/${ROW._id}` && init?.method === 'DELETE') {
      keys = [{ ...ROW, revokedAt: '2026-01-02T00:00:00.000Z', status: 'revoked' }];
      return new Response(null, { status: 204 });
    }
    if (path === `${PATH}/api-keys`) return keys ? jsonResponse({ data: keys }) : listKeys();
    if (path === `${PATH}/webhooks`) return listKeys().status === 403 ? listKeys() : jsonResponse({ data: [] });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const view = renderRoutes(
    [
      {
        path: '/tenant/marketplace/institutions/:tenantInstitutionId',
        element: <TenantInstitutionPage />,
        children: [{ path: 'api', element: <InstitutionApiTab /> }],
      },
    ],
    { initialEntries: [`${BASE}/api`] },
  );
  return { ...view, fetchMock };
}

describe('InstitutionApiTab', () => {
  it('sits in the institution tabs beside Contact', async () => {
    prepare();
    const tabs = await screen.findByRole('tablist', { name: 'Institution sections' });
    expect(within(tabs).getByRole('tab', { name: 'API' })).toHaveAttribute('href', `${BASE}/api`);
    expect(within(tabs).getByRole('tab', { name: 'Contact' })).toHaveAttribute('href', `${BASE}/contact`);
    expect(within(tabs).getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
  });

  it("generates the institution's key through its own path, shows it once and toasts 'API key generated' (§8); revokes it", async () => {
    const { user, fetchMock } = prepare();
    expect(await screen.findByText(/read and change this institution, its offers and its leads through the API/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Generate private key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate private key' });
    expect(within(form).getByText(/read and change this institution, its offers and its leads, within the scopes/)).toBeInTheDocument();
    // An institution's key offers only the scopes it may hold.
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(INSTITUTION_KEY_SCOPES.map((scope) => apiKeyScopeLabels[scope]));
    await fill(user, within(form).getByLabelText('Label (optional)'), 'Data room');
    await user.click(within(form).getByRole('button', { name: 'Full access' }));
    await user.click(within(form).getByRole('radio', { name: '30 days' }));
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    const shown = await screen.findByRole('dialog', { name: 'Private API key generated' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(KEY);
    expect(within(shown).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(await screen.findByText('API key generated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${PATH}/api-key/pvt`)).toEqual([
      { label: 'Data room', scopes: INSTITUTION_KEY_SCOPES, expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes(`/tenant/${TENANT_ID}/api-key`))).toBe(false);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: `Revoke ${ROW.prefix}… (Data room)` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    await waitFor(() => expect(document.body.textContent).not.toContain(KEY));
  });

  it("shows the server's refusal to a team member who may not manage keys", async () => {
    const message = "Only the owners and editors of the institution's team (and the organization owners) can manage its API keys";
    prepare(() => jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message, status: 403 } }, 403));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Generate private key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
  });
});
