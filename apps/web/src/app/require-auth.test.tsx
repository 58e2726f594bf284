import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { sessionStore } from '../lib/session/session-store.ts';
import { makeAuthResult } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { RequireAuth } from './require-auth.tsx';

function SigninProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>{`signin from ${from?.pathname ?? ''}${from?.search ?? ''} ${location.search}`}</p>;
}

const routes = [
  { path: '/signin', element: <SigninProbe /> },
  { element: <RequireAuth />, children: [{ path: '/portfolio', element: <p>Portfolio page</p> }] },
];

afterEach(() => sessionStore.signOut('user'));

describe('RequireAuth', () => {
  it('sends signed-out visitors to sign in with the origin location', async () => {
    const { router } = renderRoutes(routes, { initialEntries: ['/portfolio?tab=2'] });
    expect(await screen.findByText('signin from /portfolio?tab=2 ?redirect=%2Fportfolio%3Ftab%3D2')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('lets signed-in users through', async () => {
    sessionStore.signIn(makeAuthResult());
    renderRoutes(routes, { initialEntries: ['/portfolio'] });
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
  });
});
