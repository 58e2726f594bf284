import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { KEY_SHOWN_ONCE } from './api-key-created-dialog.tsx';
import { TenantSettingsApiTab } from './api-keys-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
  revokedAt: null,
};

function setup() {
  let keys: ApiKey[] = [];
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/tenant/${TENANT_ID}/api-key/pvt` && init?.method === 'POST') {
      keys = [ROW];
      return jsonResponse({ data: { ...ROW, key: KEY } });
    }
    if (path === `/api/v1/tenant/${TENANT_ID}/api-keys/${ROW._id}` && init?.method === 'DELETE') {
      keys = [{ ...ROW, revokedAt: '2026-01-02T00:00:00.000Z' }];
      return new Response(null, { status: 204 });
    }
    if (path === `/api/v1/tenant/${TENANT_ID}/api-keys`) return jsonResponse({ data: keys });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'nope', status: 404 } }, 404);
  });
  const tenant = { _id: TENANT_ID };
  const view = renderRoutes([
    { path: '/', element: <Outlet context={tenant} />, children: [{ index: true, element: <TenantSettingsApiTab /> }] },
  ]);
  return { ...view, fetchMock };
}

describe('TenantSettingsApiTab', () => {
  it('shows a generated key once, with a copy button and the warning, and never again after closing', async () => {
    const { user, fetchMock } = setup();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate private key' }));
    const form = await screen.findByRole('dialog', { name: 'Generate private key' });
    await fill(user, within(form).getByLabelText('Label (optional)'), 'CRM sync');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    const shown = await screen.findByRole('dialog', { name: 'Private API key generated' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(KEY);
    expect(within(shown).getByText(KEY_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeInTheDocument();
    expect(await screen.findByText('API key generated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/tenant/${TENANT_ID}/api-key/pvt`)).toEqual([{ label: 'CRM sync' }]);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(`${ROW.prefix}…`)).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('revokes a key after confirmation', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Generate private key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Private API key generated' })).getByRole('button', { name: 'Done' }),
    );
    await user.click(await screen.findByRole('button', { name: `Revoke ${ROW.prefix}… (CRM sync)` }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(confirm).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });
});
