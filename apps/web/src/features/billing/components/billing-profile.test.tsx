import { screen, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { fill } from '../../../test/render.tsx';
import { BILLING_API, callsTo, PRICING, PROFILE, renderBilling } from './billing.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = () => screen.findByRole('form', { name: 'Billing profile' });

describe('Billing: profile', () => {
  it('checks the fields with the domain schema and sends nothing while they are wrong', async () => {
    const { user, fetchMock } = renderBilling();
    const profile = await form();
    const company = within(profile).getByLabelText(/^Company/);
    expect(company).toHaveValue(PROFILE.company);
    expect(within(profile).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(company);
    await user.clear(within(profile).getByLabelText(/^Billing e-mail/));
    await fill(user, within(profile).getByLabelText(/^Billing e-mail/), 'billing@');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText('Company is required')).toBeInTheDocument();
    expect(await within(profile).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(callsTo(fetchMock, BILLING_API, 'PUT')).toHaveLength(0);
  });

  it("saves the whole profile with PUT …/billing and the toast 'billing updated'", async () => {
    const { user, fetchMock } = renderBilling({}, (path, init) =>
      path === BILLING_API && init?.method === 'PUT'
        ? jsonResponse({ data: { ...PROFILE, ...(JSON.parse(String(init.body)) as object), updatedAt: '2026-11-27T10:00:00.000Z' } })
        : undefined,
    );
    const profile = await form();
    await fill(user, within(profile).getByLabelText(/^Tax ID/), 'US12-3456789');
    await user.selectOptions(within(profile).getByLabelText(/^Country/), 'CA');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BILLING_TEXTS.updated)).toBeInTheDocument();
    expect(BILLING_TEXTS.updated).toBe('billing updated');
    expect(sentBodies(fetchMock, BILLING_API)).toEqual([
      {
        company: PROFILE.company,
        email: PROFILE.email,
        taxId: 'US12-3456789',
        address: { ...PROFILE.address, country: 'CA' },
      },
    ]);
    expect(within(profile).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('with Stripe, syncs the profile to the provider', async () => {
    const stripe = { ...PROFILE, provider: 'stripe' as const };
    const { user, fetchMock } = renderBilling(
      { pricing: { ...PRICING, provider: 'stripe', publishableKey: 'pk_test_x' }, profile: stripe },
      (path, init) =>
        path === `${BILLING_API}/profile/sync` && init?.method === 'POST'
          ? jsonResponse({ data: { ...stripe, syncedAt: '2026-11-27T10:00:00.000Z' } })
          : undefined,
    );
    expect(await screen.findByText('Not synced with Stripe yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync with provider' }));
    expect(await screen.findByText(BILLING_TEXTS.profileSynced)).toBeInTheDocument();
    expect(callsTo(fetchMock, `${BILLING_API}/profile/sync`, 'POST')).toHaveLength(1);
  });

  it('has no Sync button with the built-in provider', async () => {
    renderBilling();
    await form();
    expect(screen.queryByRole('button', { name: 'Sync with provider' })).not.toBeInTheDocument();
  });
});
