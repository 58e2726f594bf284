import { screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { BILLING_API, callsTo, INVOICE2_ID, INVOICE_ID, makeInvoice, renderBilling, signInAsTenantOwner } from './billing.test-helpers.tsx';

const PDF = `${BILLING_API}/invoices/${INVOICE_ID}/pdf`;
const saved: { name: string; type: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.signOut('user');
});

const paid = makeInvoice({
  _id: INVOICE2_ID,
  number: 'INV-2026-00002',
  status: 'paid',
  collection: 'card',
  paymentMethod: { brand: 'visa', last4: '4242' },
  paymentReference: null,
  amountPaid: 49_900,
  amountDue: 0,
  paidAt: '2026-11-27T09:31:00.000Z',
});

function handler(path: string, init: RequestInit | undefined) {
  if (path === PDF) return new Response('%PDF-1.7 invoice', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
  if (path === `${BILLING_API}/invoices/${INVOICE_ID}/mark-paid` && init?.method === 'POST')
    return jsonResponse({ data: makeInvoice({ status: 'paid', amountPaid: 49_900, amountDue: 0 }) });
  return undefined;
}

describe('Billing: invoices', () => {
  it('says when there is no invoice yet', async () => {
    renderBilling();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('lists invoices; a row opens its lines and bank-transfer reference; the PDF downloads with the session', async () => {
    // A GP: signed in, not an owner of the tenant.
    sessionStore.signIn(makeAuthResult());
    const { user, fetchMock } = renderBilling({ invoices: [makeInvoice(), paid] }, handler);
    const grid = await screen.findByRole('grid', { name: 'Invoices' });
    const row = (await within(grid).findByText('INV-2026-00001')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('$499.00')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText(/^Due /)).toBeInTheDocument();
    expect(within(grid).getByText(/^Paid /)).toBeInTheDocument();

    await user.click(within(row).getByText('INV-2026-00001'));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-00001' });
    expect(within(within(dialog).getByRole('table', { name: 'Invoice lines' })).getByText('Core (monthly)')).toBeInTheDocument();
    expect(within(dialog).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/TSR-7Q2K-9XMA/).length).toBeGreaterThan(0);
    // A GP records no payments: that is the tenant owner's.
    expect(within(dialog).queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'INV-2026-00001.pdf', type: 'blob:invoice' }]));
    const [call] = callsTo(fetchMock, PDF, 'GET');
    expect(call).toBeDefined();
    expect(new Headers(call![1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('lets a tenant owner mark an open bank-transfer invoice as paid', async () => {
    signInAsTenantOwner();
    const { user, fetchMock } = renderBilling({ invoices: [makeInvoice(), paid] }, handler);
    const grid = await screen.findByRole('grid', { name: 'Invoices' });
    await user.click(await within(grid).findByText('INV-2026-00002'));
    let dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-00002' });
    expect(within(dialog).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(grid).getByText('INV-2026-00001'));
    dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-00001' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(BILLING_TEXTS.invoicePaid)).toBeInTheDocument();
    expect(callsTo(fetchMock, `${BILLING_API}/invoices/${INVOICE_ID}/mark-paid`, 'POST')).toHaveLength(1);
  });
});
