import { screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS, type PlanChangeResult } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { BILLING_API, CORE_PLAN, callsTo, makeInvoice, renderBilling } from './billing.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Billing: plan', () => {
  it('shows the current plan, its status, the trial end, usage against the limits and the credit balance', async () => {
    renderBilling();
    const current = (await screen.findByRole('heading', { name: 'Current plan' })).closest('.MuiCard-root') as HTMLElement;
    expect(within(current).getAllByText('Trial')).toHaveLength(2);
    expect(within(current).getByText(/^Trial ends /)).toBeInTheDocument();
    expect(within(current).getByText('Offers 2 of 3')).toBeInTheDocument();
    expect(within(current).getByText('Team seats 1 of 5')).toBeInTheDocument();
    expect(within(current).getByRole('progressbar', { name: 'Offers 2 of 3' })).toHaveAttribute('aria-valuenow', String((2 / 3) * 100));
    expect(within(current).getByText('$0.00')).toBeInTheDocument();
  });

  it('prices core and pro monthly or yearly, with their features', async () => {
    const { user } = renderBilling();
    const core = await screen.findByRole('region', { name: 'Core' });
    expect(within(core).getByText('$499.00')).toBeInTheDocument();
    expect(within(core).getByText('/ month')).toBeInTheDocument();
    expect(within(core).getByText('Webhooks and API keys')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trial' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(core).getByText('$4,990.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pro' })).getByText('$14,990.00')).toBeInTheDocument();
  });

  it('upgrades from the trial: the proration lines first, then the change on Confirm with the toast', async () => {
    const result: PlanChangeResult = { plan: CORE_PLAN, invoice: makeInvoice() };
    const { user, fetchMock } = renderBilling({}, (path, init) =>
      path === `${BILLING_API}/plan` && init?.method === 'PUT' ? jsonResponse({ data: result }) : undefined,
    );
    await user.click(within(await screen.findByRole('region', { name: 'Core' })).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Core (Monthly)' });
    const lines = await within(dialog).findByRole('table', { name: 'Proration' });
    expect(within(lines).getByText('Core (monthly)')).toBeInTheDocument();
    expect(within(dialog).getByText('Total due now').nextElementSibling).toHaveTextContent('$499.00');
    const [proration] = fetchMock.mock.calls.filter(([input]) => String(input).includes('/plan/proration'));
    expect(String(proration![0])).toContain('plan=core&interval=month');
    expect(callsTo(fetchMock, `${BILLING_API}/plan`, 'PUT')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(BILLING_TEXTS.planChanged)).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BILLING_API}/plan`)).toEqual([{ plan: 'core', interval: 'month' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The plan it moved to is not previewed again (the server would refuse it with 409).
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/plan/proration'))).toHaveLength(1);
  });

  it('on a paid plan: the plan in use cannot be chosen again, a move down says Change plan, the period end shows', async () => {
    renderBilling({ plan: { ...CORE_PLAN, plan: 'pro' } });
    expect(await screen.findByText(/^Current period ends /)).toBeInTheDocument();
    expect(screen.getByText('Pro · Monthly')).toBeInTheDocument();
    expect(screen.getByText('Offers 2 of 25')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pro' })).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Core' })).getByRole('button', { name: 'Change plan' })).toBeEnabled();
  });
});
