import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavDrawer } from './nav-drawer.tsx';

describe('NavDrawer', () => {
  it('renders nothing until first opened, then stays mounted when closed', async () => {
    const { rerender } = render(
      <NavDrawer open={false} onClose={() => {}}>
        <nav aria-label="Main">links</nav>
      </NavDrawer>,
    );
    expect(screen.queryByText('links')).not.toBeInTheDocument();
    rerender(
      <NavDrawer open onClose={() => {}}>
        <nav aria-label="Main">links</nav>
      </NavDrawer>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
    rerender(
      <NavDrawer open={false} onClose={() => {}}>
        <nav aria-label="Main">links</nav>
      </NavDrawer>,
    );
    await waitFor(() => expect(screen.getByText('links')).not.toBeVisible());
  });
});
