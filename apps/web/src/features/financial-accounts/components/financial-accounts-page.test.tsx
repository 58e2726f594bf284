import { screen, within } from '@testing-library/react';
import type { FinancialAccount } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { FinancialAccountsPage } from './financial-accounts-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT: FinancialAccount = {
  _id: 'a5a5a5a5a5a5a5a5a5a5a5a5',
  user: USER_ID,
  accountName: 'Main checking',
  type: 'checking',
  number: '********6789',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('FinancialAccountsPage', () => {
  it('lists accounts with the number masked as the server sends it, and an edit never sends the mask back', async () => {
    const fetchMock = mockFetch((_path, init) =>
      (init?.method ?? 'GET') === 'GET'
        ? jsonResponse({ data: [ACCOUNT], meta: { page: 1, limit: 100, total: 1 } })
        : jsonResponse({ data: { ...ACCOUNT, accountName: 'Everyday' } }),
    );
    const { user } = renderRoutes([{ path: '/', element: <FinancialAccountsPage /> }]);
    const name = await screen.findByText('Main checking');
    const row = name.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('********6789')).toBeInTheDocument();
    expect(within(row).getByText('Checking')).toBeInTheDocument();

    await user.click(name);
    const dialog = await screen.findByRole('dialog', { name: 'Edit financial account' });
    expect(within(dialog).getByLabelText('New account number')).toHaveValue('');
    expect(within(dialog).getByText('On file: ********6789. Leave empty to keep it.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Account name/));
    await fill(user, within(dialog).getByLabelText(/Account name/), 'Everyday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Financial account updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/financial-account/${ACCOUNT._id}`)).toEqual([{ accountName: 'Everyday', type: 'checking' }]);
  });

  it("shows 'No data' without accounts", async () => {
    mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }));
    renderRoutes([{ path: '/', element: <FinancialAccountsPage /> }]);
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Account' })).toBeEnabled();
  });
});
