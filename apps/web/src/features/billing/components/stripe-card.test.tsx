import { screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { BILLING_API, callsTo, makeCard, PRICING, renderBilling } from './billing.test-helpers.tsx';

// js.stripe.com cannot be reached from tests: Stripe.js is simulated, as far as the dialog uses it.
const stripeJs = vi.hoisted(() => {
  const element = { mount: vi.fn(), destroy: vi.fn() };
  const elements = { create: vi.fn(() => element) };
  const stripe = { elements: vi.fn(() => elements), confirmSetup: vi.fn() };
  return { element, elements, stripe, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeJs.loadStripe }));

const METHODS = `${BILLING_API}/payment-methods`;
const SETUP = `${METHODS}/setup-intent`;
const CLIENT_SECRET = 'seti_1QJd2kJvEtkwdCNY0aFz3bXq_secret_R5hG7tYpLkq2mN8vX0cB4dE6fH1jK3l';
const STRIPE_PRICING = { ...PRICING, provider: 'stripe' as const, publishableKey: 'pk_test_51Tessera' };

beforeEach(() => {
  stripeJs.loadStripe.mockReset().mockResolvedValue(stripeJs.stripe);
  stripeJs.stripe.elements.mockClear();
  stripeJs.stripe.confirmSetup.mockReset();
  stripeJs.elements.create.mockClear();
  stripeJs.element.mount.mockClear();
  stripeJs.element.destroy.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStripe(cards = [] as ReturnType<typeof makeCard>[]) {
  return renderBilling({ pricing: STRIPE_PRICING, cards }, (path, init) => {
    if (path === SETUP && init?.method === 'POST') return jsonResponse({ data: { provider: 'stripe', clientSecret: CLIENT_SECRET } });
    if (path === METHODS && init?.method === 'POST') return jsonResponse({ data: makeCard({ provider: 'stripe', last4: '4242' }) }, 201);
    return undefined;
  });
}

async function openDialog(user: ReturnType<typeof renderBilling>['user']) {
  // Enabled once the cards have loaded.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add payment method' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Add payment method' }));
  return screen.findByRole('dialog', { name: 'Add payment method' });
}

describe('Billing: adding a card with Stripe', () => {
  it("makes a SetupIntent, mounts Stripe's Payment Element, confirms it and sends the pm_ token", async () => {
    stripeJs.stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_1QJd3x' } });
    const { user, fetchMock } = renderStripe();
    await screen.findByText('No payment methods yet');
    // Nothing of Stripe before the dialog opens.
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, SETUP, 'POST')).toHaveLength(0);

    const dialog = await openDialog(user);
    await waitFor(() => expect(stripeJs.element.mount).toHaveBeenCalledTimes(1));
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_51Tessera');
    expect(callsTo(fetchMock, SETUP, 'POST')).toHaveLength(1);
    const [options] = stripeJs.stripe.elements.mock.calls[0] as unknown as [{ clientSecret: string; appearance: { theme: string } }];
    expect(options.clientSecret).toBe(CLIENT_SECRET);
    expect(options.appearance.theme).toBe('stripe');
    expect(stripeJs.elements.create).toHaveBeenCalledWith('payment', expect.anything());
    expect(stripeJs.element.mount).toHaveBeenCalledWith(within(dialog).getByTestId('stripe-payment-element'));
    expect(within(dialog).queryByLabelText(/^Card number/)).not.toBeInTheDocument();

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add card' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText(BILLING_TEXTS.paymentMethodAdded)).toBeInTheDocument();
    expect(stripeJs.stripe.confirmSetup).toHaveBeenCalledWith({ elements: stripeJs.elements, redirect: 'if_required' });
    // The first card is the primary one.
    expect(sentBodies(fetchMock, METHODS)).toEqual([{ token: 'pm_1QJd3x', primary: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stripeJs.element.destroy).toHaveBeenCalled();
  });

  it("shows Stripe's message when the card is refused, sends nothing, and lets the person try again", async () => {
    stripeJs.stripe.confirmSetup
      .mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: { id: 'pm_2Other' } } });
    const { user, fetchMock } = renderStripe([makeCard({ provider: 'stripe' })]);
    const dialog = await openDialog(user);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add card' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(callsTo(fetchMock, METHODS, 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Make this the primary card'));
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText(BILLING_TEXTS.paymentMethodAdded)).toBeInTheDocument();
    expect(sentBodies(fetchMock, METHODS)).toEqual([{ token: 'pm_2Other', primary: true }]);
  });

  it('says the form is loading while Stripe.js loads, with Add card disabled', async () => {
    let loaded: (stripe: typeof stripeJs.stripe) => void = () => undefined;
    stripeJs.loadStripe.mockReturnValueOnce(new Promise((resolve) => (loaded = resolve)));
    const { user } = renderStripe();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Loading the payment form…');
    expect(within(dialog).getByRole('button', { name: 'Add card' })).toBeDisabled();
    await waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalled());
    loaded(stripeJs.stripe);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add card' })).toBeEnabled());
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says plainly when Stripe.js cannot load, and loads it again on Try again', async () => {
    stripeJs.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const { user, fetchMock } = renderStripe();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(BILLING_TEXTS.paymentFormUnavailable)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add card' })).toBeDisabled();
    expect(stripeJs.element.mount).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stripeJs.element.mount).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByText(BILLING_TEXTS.paymentFormUnavailable)).not.toBeInTheDocument();
    // The SetupIntent already made is used again.
    expect(callsTo(fetchMock, SETUP, 'POST')).toHaveLength(1);
  });

  it("shows the server's refusal of the SetupIntent without loading Stripe.js", async () => {
    const { user } = renderBilling({ pricing: STRIPE_PRICING }, (path, init) =>
      path === SETUP && init?.method === 'POST'
        ? jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'Only the owners can add cards', status: 403 } }, 403)
        : undefined,
    );
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('Only the owners can add cards')).toBeInTheDocument();
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
