import { screen, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE_PLAN, makeCard, renderBilling, TRIAL_PLAN } from './billing.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Billing: those who only read (canManage false)', () => {
  it('shows the plan, cards and profile without any way to change them, and says who can', async () => {
    renderBilling({ plan: { ...TRIAL_PLAN, canManage: false }, cards: [makeCard()] });
    expect(await screen.findByText(BILLING_TEXTS.managersOnly)).toBeInTheDocument();
    const core = await screen.findByRole('region', { name: 'Core' });
    expect(within(core).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pro' })).queryByRole('button')).not.toBeInTheDocument();
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
    const profile = await screen.findByRole('form', { name: 'Billing profile' });
    expect(within(profile).getByRole('textbox', { name: 'Company' })).toHaveAttribute('readonly');
    expect(within(profile).getByRole('combobox', { name: 'Country' })).toBeDisabled();
    expect(within(profile).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('keeps the plan in use marked as current', async () => {
    renderBilling({ plan: { ...CORE_PLAN, canManage: false } });
    const core = await screen.findByRole('region', { name: 'Core' });
    expect(within(core).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Pro' })).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('owners see the write buttons and no note', async () => {
    renderBilling({ cards: [makeCard()] });
    expect(within(await screen.findByRole('region', { name: 'Core' })).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add payment method' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Actions for Visa •••• 4242' })).toBeInTheDocument();
    expect(screen.queryByText(BILLING_TEXTS.managersOnly)).not.toBeInTheDocument();
  });
});
