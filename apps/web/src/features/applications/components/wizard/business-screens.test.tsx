import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../../../../test/render.tsx';
import { sessionStore } from '../../../../lib/session/session-store.ts';
import { NO_BUSINESSES } from './business-select-screen.tsx';
import { bodiesOf, makeApplication, makeBusiness, renderWizard } from './wizard.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const onBusinessSelect = makeApplication({
  status: 'in-progress',
  currentQuestionId: 'business-select',
  completedQuestionIds: ['identity'],
  questionData: { identity: 'business' },
});
const next = () => screen.getByRole('button', { name: 'Next' });

describe('the business screens', () => {
  it('keeps Next disabled while businesses exist and none is chosen', async () => {
    const { user } = renderWizard({ application: onBusinessSelect, businesses: [makeBusiness()] });
    const choice = await screen.findByRole('radio', { name: /Doe Ventures Inc\./ });
    expect(next()).toBeDisabled();
    await user.click(choice);
    await waitFor(() => expect(next()).toBeEnabled());
  });

  it('says there are no businesses yet, and a created one comes back chosen', async () => {
    const { user, fetchMock } = renderWizard({ application: onBusinessSelect });
    expect(await screen.findByText(NO_BUSINESSES)).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add business' }));
    expect(await screen.findByRole('heading', { name: 'Add a business' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Legal name' }), 'Acme Holdings LLC');
    await fill(user, screen.getByRole('textbox', { name: /^DBA/ }), 'Acme');
    await fill(user, screen.getByRole('textbox', { name: 'Net worth' }), '7500000');
    expect(screen.getByRole('textbox', { name: 'Net worth' })).toHaveValue('$7,500,000');
    await fill(user, screen.getByRole('textbox', { name: 'Revenue' }), '1200000');
    await fill(user, screen.getByLabelText(/^EIN/), '123456789');
    await user.click(screen.getByRole('combobox', { name: 'Business type' }));
    await user.click(await screen.findByRole('option', { name: 'Limited Liability Company' }));
    await fill(user, screen.getByRole('textbox', { name: 'Address line 1' }), '1 Market St');
    await fill(user, screen.getByRole('textbox', { name: 'City' }), 'Denver');
    expect(create).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'State' }), 'CO');
    await fill(user, screen.getByRole('textbox', { name: 'Zip' }), '80202');
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    expect(await screen.findByText('Created business: Acme Holdings LLC')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Acme Holdings LLC/ })).toBeChecked();
    await waitFor(() => expect(next()).toBeEnabled());
    expect(bodiesOf(fetchMock, '/api/v1/business', 'POST')).toEqual([
      expect.objectContaining({
        name: 'Acme Holdings LLC',
        netWorth: 7_500_000,
        revenue: 1_200_000,
        ein: '12-3456789',
        businessType: 'limited-liability-company',
        country: 'US',
      }),
    ]);
    // A dozen fields typed: slow on a loaded machine.
  }, 30_000);

  it("lists the owners, locks a member owner's e-mail, names and address, and continues only with an owner", async () => {
    const member = {
      _id: 'a0a0a0a0a0a0a0a0a0a0a0a1',
      user: {
        _id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
        email: 'jane@example.com',
        firstname: 'Jane',
        lastname: 'Doe',
        line1: '12 Oak Lane',
        line2: null,
        city: 'Austin',
        state: 'TX',
        zip: '78703',
        country: 'US',
      },
      title: 'CEO',
      equity: 60,
    };
    const outsider = {
      ...member,
      _id: 'a0a0a0a0a0a0a0a0a0a0a0a2',
      user: { ...member.user, _id: null, email: 'sam@example.com', firstname: 'Sam' },
      title: 'CFO',
      equity: 40,
    };
    const business = makeBusiness({ owners: [member, outsider] });
    const { user } = renderWizard({
      application: makeApplication({
        status: 'in-progress',
        business: business._id,
        currentQuestionId: 'business-owners',
        completedQuestionIds: ['identity', 'business-select'],
        questionData: { identity: 'business', businessId: business._id },
      }),
      businesses: [business],
    });
    const table = within(await screen.findByRole('table', { name: 'Business owners' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Email',
      'First name',
      'Last name',
      'Title',
      'Ownership',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    await user.click(table.getByRole('button', { name: 'Edit jane@example.com' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Edit owner' }));
    for (const name of ['Email', 'First name', 'Last name', 'Address line 1', 'City', 'State', 'Zip']) {
      expect(dialog.getByRole('textbox', { name: new RegExp(`^${name}`) })).toBeDisabled();
    }
    expect(dialog.getByRole('textbox', { name: /^Title/ })).toBeEnabled();
    expect(dialog.getByRole('textbox', { name: /^Equity/ })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(table.getByRole('button', { name: 'Edit sam@example.com' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit owner' }));
    expect(dialog.getByRole('textbox', { name: /^Email/ })).toBeEnabled();
    expect(dialog.getByRole('textbox', { name: /^First name/ })).toBeEnabled();
  });

  it('keeps Continue disabled until the business has an owner', async () => {
    const business = makeBusiness();
    renderWizard({
      application: makeApplication({
        status: 'in-progress',
        business: business._id,
        currentQuestionId: 'business-owners',
        completedQuestionIds: ['identity', 'business-select'],
        questionData: { identity: 'business', businessId: business._id },
      }),
      businesses: [business],
    });
    expect(await screen.findByText('No owners yet. Add at least one to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
