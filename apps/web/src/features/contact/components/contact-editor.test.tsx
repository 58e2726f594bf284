import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CONTACT, type Contact } from '@tessera/domain';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { ContactEditor } from './contact-editor.tsx';

const A = 'a00000000000000000000001';
const B = 'a00000000000000000000002';

const withTwoEmails: Contact = {
  ...EMPTY_CONTACT,
  emails: [
    { _id: A, email: 'ada@example.com', emailType: 'work', isPrimary: true, isEnabled: true, enabledCommunications: [] },
    { _id: B, email: 'ada@home.example', emailType: 'personal', isPrimary: false, isEnabled: true, enabledCommunications: [] },
  ],
};

/** The editor over a stateful parent, as a profile page uses it; `onSave` sees every saved contact. */
function renderEditor(initial: Contact, onSave: (c: Contact) => Promise<void> = async () => {}) {
  const spy = vi.fn(onSave);
  function Harness() {
    const [contact, setContact] = useState(initial);
    return (
      <ContactEditor
        contact={contact}
        saving={false}
        onSave={async (next) => {
          await spy(next);
          setContact(next);
        }}
      />
    );
  }
  const rendered = renderRoutes([{ path: '/', element: <Harness /> }]);
  return { ...rendered, onSave: spy };
}

describe('ContactEditor', () => {
  it("shows 'No contact items found' when there is nothing", async () => {
    renderEditor(EMPTY_CONTACT);
    expect(await screen.findByText('No contact items found')).toBeInTheDocument();
  });

  it('lists items with Primary and Secondary, and making one primary leaves it the only primary', async () => {
    const { user, onSave } = renderEditor(withTwoEmails);
    const emails = await screen.findByRole('region', { name: 'Emails' });
    expect(within(emails).getByText('Primary')).toBeInTheDocument();
    expect(within(emails).getByText('Secondary')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make ada@home.example primary' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]![0];
    expect(saved.emails.map((e) => [e._id, e.isPrimary])).toEqual([
      [A, false],
      [B, true],
    ]);
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
  });

  it('Create adds a blank item with a generated id; Save is enabled only once it is edited', async () => {
    const { user, onSave } = renderEditor(EMPTY_CONTACT);
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Address', 'Email', 'Phone', 'Fax']);
    await user.click(screen.getByRole('menuitem', { name: 'Phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'New phone' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(/Phone/), '5551234567');
    expect(save).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Primary'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Account management' }));
    await user.click(save);

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [phone] = onSave.mock.calls[0]![0].phones;
    expect(phone).toMatchObject({
      phone: '(555) 123-4567',
      phoneType: 'work',
      isPrimary: true,
      isEnabled: true,
      enabledCommunications: ['account-management'],
    });
    expect(phone!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the rule an address breaks and saves nothing', async () => {
    const { user, onSave } = renderEditor(EMPTY_CONTACT);
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('menuitem', { name: 'Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'New address' });
    await fill(user, within(dialog).getByLabelText(/Address line 1/), '1 Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('City is required')).toBeInTheDocument();
    expect(within(dialog).getByText('State is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("deletes an item and saves: 'Contact item deleted', or the error toast", async () => {
    const { user, onSave } = renderEditor(withTwoEmails);
    await user.click(await screen.findByRole('button', { name: 'Delete ada@home.example' }));
    expect(await screen.findByText('Contact item deleted')).toBeInTheDocument();
    expect(onSave.mock.calls[0]![0].emails.map((e) => e._id)).toEqual([A]);
    expect(screen.queryByText('ada@home.example')).not.toBeInTheDocument();
  });

  it("toasts 'Error deleting contact item' when the save fails and keeps the item", async () => {
    const { user } = renderEditor(withTwoEmails, async () => {
      throw new Error('boom');
    });
    await user.click(await screen.findByRole('button', { name: 'Delete ada@home.example' }));
    expect(await screen.findByText('Error deleting contact item')).toBeInTheDocument();
    expect(screen.getByText('ada@home.example')).toBeInTheDocument();
  });

  it('toggles an item off with the enable switch', async () => {
    const { user, onSave } = renderEditor(withTwoEmails);
    await user.click(await screen.findByRole('switch', { name: 'Enable ada@example.com' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0].emails[0]!.isEnabled).toBe(false);
  });
});
