import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageRoutes, signedInBranch } from '../router.tsx';
import { signedInRoutes } from './signed-in-routes.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeAuthResult, makeUser } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { sessionStore } from '../../lib/session/session-store.ts';

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

const emptyList = { data: [], meta: { page: 1, limit: 20, total: 0 } };

// The pages are lazy chunks; the first import in a cold test run takes seconds.
describe('PassportLayout', () => {
  it('sends /user to the Account tab of the passport, with the five tabs', async () => {
    sessionStore.signIn(makeAuthResult());
    mockFetch((path) => jsonResponse(path.endsWith('/events') ? emptyList : { data: makeUser() }));
    const { router } = renderRoutes([signedInBranch(signedInRoutes), ...pageRoutes], { initialEntries: ['/user'] });
    expect(await screen.findByRole('heading', { name: 'Your Financial Passport' }, { timeout: 15000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/passport/account');
    const tabs = screen.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('href')]);
    expect(tabs).toEqual([
      ['Account', '/user/passport/account'],
      ['Activity', '/user/passport/activity'],
      ['Financial Accounts', '/user/passport/financial-accounts'],
      ['Individual Profiles', '/user/passport/individual-profiles'],
      ['Legal Entity Profiles', '/user/passport/legal-entity-profiles'],
    ]);
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  }, 20_000);

  it('shows the activity with Refresh and Last updated, and a page not yet built as 404 inside the layout', async () => {
    sessionStore.signIn(makeAuthResult());
    mockFetch((path) => jsonResponse(path.endsWith('/events') ? emptyList : { data: makeUser() }));
    const { router } = renderRoutes([signedInBranch(signedInRoutes), ...pageRoutes], { initialEntries: ['/user/passport/activity'] });
    expect(await screen.findByRole('button', { name: 'Refresh' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated /)).toBeInTheDocument();
    expect(await screen.findByText('No events found')).toBeInTheDocument();

    await router.navigate('/user/passport/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Financial Passport' })).toBeInTheDocument();
  }, 20_000);
});
