import { screen, waitFor, within } from '@testing-library/react';
import { apiKeyScope, apiKeyScopeLabels, READ_ONLY_SCOPES, type ApiKey } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { KEY_SHOWN_ONCE } from './api-key-created-dialog.tsx';
import { TenantSettingsApiTab } from './api-keys-tab.tsx';
import { PUBLIC_KEY_NOTE } from './generate-api-key-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const KEY = 'tsk_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ROW: ApiKey = {
  _id: 'c1c1c1c1c1c1c1c1c1c1c1c1',
  kind: 'private',
  institution: null,
  prefix: KEY.slice(0, 12),
  label: 'CRM sync',
  createdBy: USER_ID,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  scopes: READ_ONLY_SCOPES,
  expiresAt: '2027-01-01T00:00:00.000Z',
  allowedOrigins: [],
  status: 'active',
};
const PVT = `/api/v1/tenant/${TENANT_ID}/api-key/pvt`;
const PUB = `/api/v1/tenant/${TENANT_ID}/api-key/pub`;

function setup(initial: ApiKey[] = []) {
  let keys: ApiKey[] = initial;
  const fetchMock = mockFetch((path, init) => {
    if ((path === PVT || path === PUB) && init?.method === 'POST') {
      const row = path === PUB ? { ...ROW, kind: 'public' as const, prefix: 'tpk_live_abc', scopes: ['marketplace:read' as const] } : ROW;
      keys = [row];
      return jsonResponse({ data: { ...row, key: path === PUB ? 'tpk_live_abcdef' : KEY } });
    }
    if (path === `/api/v1/tenant/${TENANT_ID}/api-keys/${ROW._id}` && init?.method === 'DELETE') {
      keys = [{ ...ROW, revokedAt: '2026-01-02T00:00:00.000Z', status: 'revoked' }];
      return new Response(null, { status: 204 });
    }
    if (path === `/api/v1/tenant/${TENANT_ID}/api-keys`) return jsonResponse({ data: keys });
    if (path === `/api/v1/tenant/${TENANT_ID}/webhooks`) return jsonResponse({ data: [] });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'nope', status: 404 } }, 404);
  });
  const tenant = { _id: TENANT_ID };
  const view = renderRoutes([
    { path: '/', element: <Outlet context={tenant} />, children: [{ index: true, element: <TenantSettingsApiTab /> }] },
  ]);
  return { ...view, fetchMock };
}

describe('TenantSettingsApiTab', () => {
  it('generates a read-only private key with an expiry, shows it once, lists its scopes and revokes it', async () => {
    const { user, fetchMock } = setup();
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate private key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate private key' });
    await fill(user, within(form).getByLabelText('Label (optional)'), 'CRM sync');
    // 90 days unless told otherwise.
    expect(within(form).getByRole('radio', { name: '90 days' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Read-only' }));
    for (const scope of apiKeyScope.options)
      expect(within(form).getByRole('checkbox', { name: apiKeyScopeLabels[scope] })).toHaveProperty(
        'checked',
        READ_ONLY_SCOPES.includes(scope),
      );
    await user.click(within(form).getByRole('radio', { name: '365 days' }));
    const before = Date.now();
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    const shown = await screen.findByRole('dialog', { name: 'Private API key generated' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(KEY);
    expect(within(shown).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(await screen.findByText('API key generated')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, PVT) as { label: string; scopes: string[]; expiresAt: string }[];
    expect(body).toEqual({ label: 'CRM sync', scopes: READ_ONLY_SCOPES, expiresAt: expect.any(String) });
    const expires = new Date(body!.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 365 * DAY);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText(`${ROW.prefix}…`)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Read-only')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(KEY);

    await user.click(screen.getByRole('button', { name: `Revoke ${ROW.prefix}… (CRM sync)` }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(confirm).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });

  it('asks for a scope before generating a private key; Full access and single scopes are sent as chosen, No expiry as null', async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Generate private key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate private key' });
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(await within(form).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(sentBodies(fetchMock, PVT)).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Full access' }));
    expect(
      within(form)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Read leads' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Create and change leads' }));
    await user.click(within(form).getByRole('radio', { name: 'No expiry' }));
    expect(within(form).getByText('The key works until it is revoked.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    await screen.findByRole('dialog', { name: 'Private API key generated' });
    expect(sentBodies(fetchMock, PVT)).toEqual([{ label: null, scopes: ['leads:read', 'leads:write'], expiresAt: null }]);
  });

  it('asks before discarding a half-filled key dialog', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Generate private key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate private key' });
    await user.click(within(form).getByRole('checkbox', { name: 'Read leads' }));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a public key: the marketplace-only note, allowed origins checked like the server's, no scopes sent", async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Generate public key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate public key' });
    expect(within(form).getByText(PUBLIC_KEY_NOTE)).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'No expiry' })).toBeChecked();
    const origins = within(form).getByLabelText('Allowed origins');
    await fill(user, origins, 'https://www.example.com/path');
    await user.keyboard('{Enter}');
    expect(await within(form).findByText(/must be a scheme and host only/)).toBeInTheDocument();
    await user.clear(origins);
    await fill(user, origins, 'https://www.example.com/');
    await user.keyboard('{Enter}');
    await fill(user, origins, 'http://localhost:3000');
    await user.keyboard('{Enter}');
    expect(within(form).getByRole('button', { name: 'https://www.example.com' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    await screen.findByRole('dialog', { name: 'Public API key generated' });
    expect(sentBodies(fetchMock, PUB)).toEqual([
      { label: null, expiresAt: null, allowedOrigins: ['https://www.example.com', 'http://localhost:3000'] },
    ]);
  });

  it('lists each key with its prefix and kind, scopes (folded when many), status, expiry and last use with the address', async () => {
    setup([
      { ...ROW, _id: 'a1a1a1a1a1a1a1a1a1a1a1a1', label: 'Full', scopes: apiKeyScope.options, expiresAt: null },
      {
        ...ROW,
        _id: 'a2a2a2a2a2a2a2a2a2a2a2a2',
        label: 'Mixed',
        scopes: ['leads:read', 'leads:write', 'offers:read', 'offers:write'],
        lastUsedAt: '2026-11-27T10:02:00.000Z',
        lastUsedIp: '203.0.113.7',
      },
      { ...ROW, _id: 'a3a3a3a3a3a3a3a3a3a3a3a3', label: 'Old', expiresAt: '2026-02-01T00:00:00.000Z', status: 'expired' },
      { ...ROW, _id: 'a4a4a4a4a4a4a4a4a4a4a4a4', label: 'Site', kind: 'public', prefix: 'tpk_live_abc', scopes: ['marketplace:read'] },
    ]);
    const row = async (label: string) => (await screen.findByText(label)).closest('[role="row"]') as HTMLElement;
    expect(within(await row('Full')).getByText('Full access')).toBeInTheDocument();
    expect(within(await row('Full')).getAllByText('Never')).toHaveLength(2);
    const mixed = await row('Mixed');
    expect(within(mixed).getByText('leads:read')).toBeInTheDocument();
    expect(within(mixed).getByText('leads:write')).toBeInTheDocument();
    expect(within(mixed).getByText('+2')).toBeInTheDocument();
    expect(within(mixed).getByText('from 203.0.113.7')).toBeInTheDocument();
    const old = await row('Old');
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeInTheDocument();
    const site = await row('Site');
    expect(within(site).getByText('Public')).toBeInTheDocument();
    expect(within(site).getByText('marketplace:read')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const header of ['Key', 'Label', 'Scopes', 'Status', 'Expires', 'Last used', 'Created']) expect(headers).toContain(header);
  });
});
