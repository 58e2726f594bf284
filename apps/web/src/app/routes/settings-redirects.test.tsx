import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { settingsRedirectRoutes } from './settings-redirects.tsx';

const target = { path: '/user/passport/*', element: <p>passport</p> };

describe('settings-style addresses', () => {
  it.each([
    ['/settings/individual-profiles/create', '/user/passport/individual-profiles', '?modal=create'],
    ['/settings/individual-profiles/abc', '/user/passport/individual-profiles/abc/details', ''],
    ['/settings/legal-entity-profiles/def', '/user/passport/legal-entity-profiles/def/details', ''],
    ['/settings/financial-accounts/x', '/user/passport/financial-accounts/x', ''],
  ])('%s leads to the passport screen', async (from, pathname, search) => {
    const { router } = renderRoutes([...settingsRedirectRoutes.map((r) => ({ ...r, path: `/${r.path}` })), target], {
      initialEntries: [from],
    });
    await screen.findByText('passport');
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });
});
