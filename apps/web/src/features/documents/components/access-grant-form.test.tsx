import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, jsonResponse } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { AccessGrantForm } from './access-grant-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MEMBER = { _id: 'c5c5c5c5c5c5c5c5c5c5c5c5', email: 'grace@example.com', name: 'Grace Hopper' };

function setup() {
  mockFetch(() => jsonResponse({}, 404));
  const onSubmit = vi.fn(async () => ({}));
  const fetchOptions = vi.fn(async (search: string) => (MEMBER.email.includes(search) ? [MEMBER] : []));
  const utils = renderRoutes([
    { path: '/', element: <AccessGrantForm fetchOptions={fetchOptions} optionsKey={['test-subjects']} onSubmit={onSubmit} /> },
  ]);
  return { ...utils, onSubmit, fetchOptions };
}

describe('AccessGrantForm', () => {
  it('offers Invite "{value}" for a typed e-mail and sends an invitation with the role', async () => {
    const { user, onSubmit } = setup();
    await fill(user, screen.getByRole('combobox', { name: 'Person or e-mail' }), 'new@example.com');
    await user.click(await screen.findByRole('option', { name: 'Invite "new@example.com"' }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    const invite = screen.getByRole('button', { name: 'Invite' });
    expect(invite).toBeEnabled();
    await user.click(invite);
    expect(onSubmit).toHaveBeenCalledWith({ subjectEmail: 'new@example.com', role: 'editor' });
  });

  it('picks an existing member after more than 2 characters, and refuses an invalid e-mail', async () => {
    const { user, onSubmit, fetchOptions } = setup();
    await fill(user, screen.getByRole('combobox', { name: 'Person or e-mail' }), 'gr');
    expect(fetchOptions).not.toHaveBeenCalled();
    await fill(user, screen.getByRole('combobox', { name: 'Person or e-mail' }), 'ace');
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(onSubmit).toHaveBeenCalledWith({ subject: MEMBER._id, role: 'viewer' });

    await user.clear(screen.getByRole('combobox', { name: 'Person or e-mail' }));
    await fill(user, screen.getByRole('combobox', { name: 'Person or e-mail' }), 'nobody');
    await user.click(await screen.findByRole('option', { name: 'Invite "nobody"' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeDisabled();
  });

  it("refuses an expiry before today with the server's text", async () => {
    const { user, onSubmit } = setup();
    await fill(user, screen.getByRole('combobox', { name: 'Person or e-mail' }), 'new@example.com');
    await user.click(await screen.findByRole('option', { name: 'Invite "new@example.com"' }));
    await fill(user, screen.getByLabelText('Expires'), '2000-01-01');
    expect(screen.getByText('The expiry must be in the future')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Expires'));
    expect(screen.getByRole('button', { name: 'Invite' })).toBeEnabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
