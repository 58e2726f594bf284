import { screen, within } from '@testing-library/react';
import { blockingViolations } from '../../../test/axe.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE_PLAN, makeCard, makeInvoice, renderBilling } from './billing.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Billing tab accessibility (axe)', () => {
  it('has no serious violations with a plan, a card and invoices', async () => {
    renderBilling({ plan: CORE_PLAN, cards: [makeCard()], invoices: [makeInvoice()] });
    await screen.findByRole('list', { name: 'Payment methods' });
    await within(await screen.findByRole('grid', { name: 'Invoices' })).findByText('INV-2026-00001');
    await screen.findByRole('form', { name: 'Billing profile' });
    expect(await blockingViolations()).toEqual([]);
  });

  it('has no serious violations with the proration dialog open', async () => {
    const { user } = renderBilling();
    await user.click(within(await screen.findByRole('region', { name: 'Core' })).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Core (Monthly)' });
    await within(dialog).findByRole('table', { name: 'Proration' });
    expect(await blockingViolations()).toEqual([]);
  });

  it('has no serious violations with the add-card dialog open', async () => {
    const { user } = renderBilling();
    await screen.findByText('No payment methods yet');
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    await screen.findByRole('dialog', { name: 'Add payment method' });
    expect(await blockingViolations()).toEqual([]);
  });
});
