import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

function EditPage() {
  const [name, setName] = useState('');
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesGuard when={name !== ''} />
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UnsavedChangesGuard', () => {
  it('lets a clean form leave without asking', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it("asks on a dirty form; 'Stay on Page' keeps the page and the input", async () => {
    const router = renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann');
  });

  it("'Leave Page' goes on to the next page", async () => {
    const router = renderPage();
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Page' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser before the tab closes only while dirty', async () => {
    renderPage();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
