import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_SECURITY_REFUSALS, BILLING_TEXTS, BUILTIN_TEST_CARDS } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerStepUpHandler } from '../../../lib/api-client.ts';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { fill } from '../../../test/render.tsx';
import { BILLING_API, CARD2_ID, CARD_ID, callsTo, makeCard, renderBilling, TOKENS_API } from './billing.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const METHODS = `${BILLING_API}/payment-methods`;
const TOKEN = { token: 'btok_3f9a1c0d7e5b4a2f8c6d1e0b', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } as const;
const stepUpRefusal = () =>
  jsonResponse(
    { error: { type: 'forbidden', name: 'ForbiddenError', message: ACCOUNT_SECURITY_REFUSALS.stepUpRequired, status: 403 } },
    403,
  );

async function fillCard(user: ReturnType<typeof renderBilling>['user'], dialog: HTMLElement, number: string) {
  await fill(user, within(dialog).getByLabelText(/^Card number/), number);
  await fill(user, within(dialog).getByLabelText(/^Expiry/), '1230');
  await fill(user, within(dialog).getByLabelText(/^CVC/), '123');
  await fill(user, within(dialog).getByLabelText(/^Name on card/), 'Dana Whitfield');
}

describe('Billing: payment methods', () => {
  it('says when there is no card yet', async () => {
    renderBilling();
    expect(await screen.findByText('No payment methods yet')).toBeInTheDocument();
  });

  it('adds a card: the details go only to the provider, the billing API gets the token, through step-up', async () => {
    let stepUps = 0;
    const unregister = registerStepUpHandler(async () => {
      stepUps += 1;
      return true;
    });
    let confirmed = false;
    const { user, fetchMock, queryClient } = renderBilling({}, (path, init) => {
      if (path === TOKENS_API && init?.method === 'POST') return jsonResponse({ data: TOKEN }, 201);
      if (path === METHODS && init?.method === 'POST') {
        // The first try is refused until the person confirms it is them.
        if (!confirmed) {
          confirmed = true;
          return stepUpRefusal();
        }
        return jsonResponse({ data: makeCard() }, 201);
      }
      return undefined;
    });
    try {
      await screen.findByText('No payment methods yet');
      await user.click(screen.getByRole('button', { name: 'Add payment method' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
      expect(within(dialog).queryByLabelText('Make this the primary card')).not.toBeInTheDocument();
      await fillCard(user, dialog, '4242 4242 4242 4242');
      expect(within(dialog).getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
      await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
      expect(await screen.findByText(BILLING_TEXTS.paymentMethodAdded)).toBeInTheDocument();

      expect(sentBodies(fetchMock, TOKENS_API)).toEqual([
        { number: BUILTIN_TEST_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Dana Whitfield' },
      ]);
      // Asked once to confirm; the token is sent again, never the card.
      expect(stepUps).toBe(1);
      expect(sentBodies(fetchMock, METHODS)).toEqual([
        { token: TOKEN.token, primary: true },
        { token: TOKEN.token, primary: true },
      ]);
      const elsewhere = fetchMock.mock.calls.filter(([input]) => !String(input).endsWith(TOKENS_API));
      for (const [, init] of elsewhere) expect(String(init?.body ?? '')).not.toMatch(/4242424242424242|4242 4242/);
      // Nothing in the client's caches holds the number either.
      const cached = JSON.stringify([
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ]);
      expect(cached).not.toContain('4242424242424242');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      unregister();
    }
  });

  it('refuses a mistyped number before anything is sent, and offers the primary choice once a card exists', async () => {
    const { user, fetchMock } = renderBilling({ cards: [makeCard()] });
    await screen.findByRole('list', { name: 'Payment methods' });
    await user.click(screen.getByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    expect(within(dialog).getByLabelText('Make this the primary card')).not.toBeChecked();
    await fillCard(user, dialog, '4242 4242 4242 4241');
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await within(dialog).findByText('This card number is not valid')).toBeInTheDocument();
    expect(callsTo(fetchMock, TOKENS_API, 'POST')).toHaveLength(0);
  });

  it('lists cards with the primary marked, sets another as primary and deletes one after confirming', async () => {
    const cards = [makeCard(), makeCard({ _id: CARD2_ID, brand: 'mastercard', last4: '4444', primary: false, expMonth: 3, expYear: 2029 })];
    const { user, fetchMock } = renderBilling({ cards }, (path, init) => {
      if (path === `${METHODS}/${CARD2_ID}/primary` && init?.method === 'PUT')
        return jsonResponse({ data: { ...cards[1], primary: true } });
      if (path === `${METHODS}/${CARD2_ID}` && init?.method === 'DELETE') return new Response(null, { status: 204 });
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    expect(within(list).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(list).getByText('Primary')).toBeInTheDocument();
    expect(within(list).getByText('Expires 03/2029 · Dana Whitfield')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Visa •••• 4242' }));
    expect(screen.queryByRole('menuitem', { name: 'Set as primary' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Mastercard •••• 4444' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set as primary' }));
    expect(await screen.findByText(BILLING_TEXTS.primarySet)).toBeInTheDocument();
    expect(callsTo(fetchMock, `${METHODS}/${CARD2_ID}/primary`, 'PUT')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions for Mastercard •••• 4444' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete payment method' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(BILLING_TEXTS.paymentMethodDeleted)).toBeInTheDocument();
    expect(callsTo(fetchMock, `${METHODS}/${CARD2_ID}`, 'DELETE')).toHaveLength(1);
  });

  it("shows the server's refusal when the primary card is deleted", async () => {
    const cards = [makeCard(), makeCard({ _id: CARD2_ID, last4: '1881', primary: false })];
    const { user } = renderBilling({ cards }, (path, init) =>
      path === `${METHODS}/${CARD_ID}` && init?.method === 'DELETE'
        ? jsonResponse(
            { error: { type: 'conflict', name: 'ConflictError', message: BILLING_TEXTS.primaryDeleteRefused, status: 409 } },
            409,
          )
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for Visa •••• 4242' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete payment method' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText(BILLING_TEXTS.primaryDeleteRefused)).toBeInTheDocument();
  });

  it('edits the name on a card and its expiry', async () => {
    const { user, fetchMock } = renderBilling({ cards: [makeCard()] }, (path, init) =>
      path === `${METHODS}/${CARD_ID}` && init?.method === 'PUT'
        ? jsonResponse({ data: makeCard({ expMonth: 1, expYear: 2031 }) })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for Visa •••• 4242' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Visa •••• 4242' });
    const expiry = within(dialog).getByLabelText(/^Expiry/);
    expect(expiry).toHaveValue('12/30');
    await user.clear(expiry);
    await fill(user, expiry, '0131');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BILLING_TEXTS.paymentMethodUpdated)).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${METHODS}/${CARD_ID}`)).toEqual([{ holderName: 'Dana Whitfield', expMonth: 1, expYear: 2031 }]);
  });
});
