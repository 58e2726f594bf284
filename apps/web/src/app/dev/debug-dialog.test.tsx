import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session/session-store.ts';
import { makeAuthResult } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { DebugDialog } from './debug-dialog.tsx';

afterEach(() => sessionStore.signOut('user'));

describe('DebugDialog', () => {
  it('shows the session, tenant and route it runs with', async () => {
    sessionStore.signIn(makeAuthResult());
    const { user } = renderRoutes([{ path: '/somewhere', element: <DebugDialog /> }], { initialEntries: ['/somewhere?x=1'] });
    await user.click(screen.getByRole('button', { name: 'Open debug dialog' }));
    expect(screen.getByRole('heading', { name: 'Debug' })).toBeInTheDocument();
    expect(screen.getByText('/somewhere?x=1')).toBeInTheDocument();
    expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
    expect(screen.getByText('platform / investor')).toBeInTheDocument();
  });
});
