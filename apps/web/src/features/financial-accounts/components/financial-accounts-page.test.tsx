import { screen, within } from '@testing-library/react';
import type { FinancialAccount } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { FinancialAccountsPage } from './financial-accounts-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  {
    path: '/financial-accounts',
    element: <FinancialAccountsPage />,
    errorElement: <p>Not found here</p>,
  },
  { path: '/financial-accounts/:financialAccountId', element: <FinancialAccountsPage />, errorElement: <p>Not found here</p> },
];

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
    const fetchMock = mockFetch((path, init) =>
      (init?.method ?? 'GET') !== 'GET'
        ? jsonResponse({ data: { ...ACCOUNT, accountName: 'Everyday' } })
        : path.endsWith(ACCOUNT._id)
          ? jsonResponse({ data: ACCOUNT })
          : jsonResponse({ data: [ACCOUNT], meta: { page: 1, limit: 100, total: 1 } }),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/financial-accounts'] });
    const name = await screen.findByText('Main checking');
    const row = name.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('********6789')).toBeInTheDocument();
    expect(within(row).getByText('Checking')).toBeInTheDocument();

    await user.click(name);
    const dialog = await screen.findByRole('dialog', { name: 'Edit financial account' });
    // The account has its own address while it is open.
    expect(router.state.location.pathname).toBe(`/financial-accounts/${ACCOUNT._id}`);
    expect(within(dialog).getByLabelText('New account number')).toHaveValue('');
    expect(within(dialog).getByText('On file: ********6789. Leave empty to keep it.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Account name/));
    await fill(user, within(dialog).getByLabelText(/Account name/), 'Everyday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The first toast loads notistack (lib/toast.tsx): slow on a loaded machine.
    expect(await screen.findByText('Financial account updated', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/financial-account/${ACCOUNT._id}`)).toEqual([{ accountName: 'Everyday', type: 'checking' }]);
    expect(router.state.location.pathname).toBe('/financial-accounts');
  });

  it("opens the account of the address (/settings/financial-accounts/{id} leads there), and another's is the 404", async () => {
    mockFetch((path) =>
      path.endsWith(ACCOUNT._id)
        ? jsonResponse({ data: ACCOUNT })
        : path.endsWith('/financial-account')
          ? jsonResponse({ data: [ACCOUNT], meta: { page: 1, limit: 100, total: 1 } })
          : jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Financial account not found', status: 404 } }, 404),
    );
    const { router } = renderRoutes(routes, { initialEntries: [`/financial-accounts/${ACCOUNT._id}`] });
    const dialog = await screen.findByRole('dialog', { name: 'Edit financial account' });
    expect(within(dialog).getByLabelText(/Account name/)).toHaveValue('Main checking');
    await router.navigate('/financial-accounts/b6b6b6b6b6b6b6b6b6b6b6b6');
    expect(await screen.findByText('Not found here')).toBeInTheDocument();
  });

  it("shows 'No data' without accounts", async () => {
    mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }));
    renderRoutes(routes, { initialEntries: ['/financial-accounts'] });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Account' })).toBeEnabled();
  });
});
