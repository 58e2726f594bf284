import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BillingPlanState, Invoice, PaymentMethod, PlanChangeResult } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { DEFAULT_PRICING } from '../../lib/payments/pricing.ts';
import { createStripeProvider, formEncode, signStripePayload, verifyStripeSignature } from '../../lib/payments/stripe-provider.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { callerOf, signUp, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';

// A local HTTP server stands in for Stripe and answers with the recorded payloads of test/fixtures/stripe.
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/stripe/${name}.json`, import.meta.url), 'utf8'));

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}
let requests: Recorded[] = [];
let server: Server;
let apiUrl = '';
let declineNext = false;
let invoiceSeq = 0;
const SECRET_KEY = 'sk_test_51PyTessera0000000000000000';
const WEBHOOK_SECRET = 'whsec_test_tessera_0123456789abcdef';
const PRICES = { core: { month: 'price_1QJcCoreMonthly', year: 'price_1QJcCoreYearly' }, pro: { month: 'price_1QJcProMonthly' } };

function answer(method: string, path: string): [number, unknown] {
  if (method === 'POST' && path === '/v1/customers') return [200, fixture('customer')];
  if (method === 'POST' && /^\/v1\/customers\/cus_\w+$/.test(path)) return [200, fixture('customer')];
  if (method === 'POST' && path === '/v1/setup_intents') return [200, fixture('setup_intent')];
  if (method === 'POST' && path === '/v1/payment_methods/pm_unknown/attach')
    return [404, { error: { code: 'resource_missing', message: "No such PaymentMethod: 'pm_unknown'", type: 'invalid_request_error' } }];
  if (method === 'POST' && /^\/v1\/payment_methods\/pm_\w+\/(attach|detach)$/.test(path)) return [200, fixture('payment_method')];
  if (method === 'POST' && path === '/v1/invoices') return [200, { ...fixture('invoice_draft'), id: `in_test_${++invoiceSeq}` }];
  if (method === 'POST' && path === '/v1/invoiceitems') return [200, fixture('invoiceitem')];
  const invoice = /^\/v1\/invoices\/(in_\w+)\/(finalize|pay)$/.exec(path);
  if (method === 'POST' && invoice) {
    if (invoice[2] === 'pay' && declineNext) {
      declineNext = false;
      return [402, fixture('card_declined')];
    }
    return [200, { ...fixture(invoice[2] === 'pay' ? 'invoice_paid' : 'invoice_open'), id: invoice[1] }];
  }
  if (path === '/v1/subscriptions' && method === 'POST') return [200, fixture('subscription')];
  if (/^\/v1\/subscriptions\/sub_\w+$/.test(path)) return [200, fixture('subscription')];
  return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, form: new URLSearchParams(body) });
      const [status, payload] =
        req.headers.authorization === `Bearer ${SECRET_KEY}`
          ? answer(req.method ?? '', path)
          : [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const pricing = { ...DEFAULT_PRICING, stripePriceIds: PRICES };
const stripe = () =>
  createStripeProvider({ secretKey: SECRET_KEY, publishableKey: 'pk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl }, pricing);
const account = { tenantId: '6745a1c2e4b0a1b2c3d4e5a1', institutionId: '6745a1c2e4b0a1b2c3d4e5c1' };
const profile = {
  company: 'Summit Ridge Capital LLC',
  email: 'billing@summitridge.example',
  taxId: 'US12-3456789',
  address: { line1: '1 Market St', line2: 'Suite 300', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
};

describe('the Stripe adapter against recorded answers', () => {
  it('makes a customer with the profile and metadata, form-encoded, with the secret key and an idempotency key', async () => {
    requests = [];
    expect(await stripe().ensureCustomer(account, null, profile)).toBe('cus_RbT0sXkq4Yp2Lm');
    expect(await stripe().ensureCustomer(account, 'cus_existing', profile)).toBe('cus_existing');
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.headers['idempotency-key']).toBe(`customer-${account.tenantId}-${account.institutionId}`);
    expect(Object.fromEntries(req!.form)).toEqual({
      name: 'Summit Ridge Capital LLC',
      email: 'billing@summitridge.example',
      'address[line1]': '1 Market St',
      'address[line2]': 'Suite 300',
      'address[city]': 'San Francisco',
      'address[state]': 'CA',
      'address[postal_code]': '94105',
      'address[country]': 'US',
      'metadata[tenantId]': account.tenantId,
      'metadata[institutionId]': account.institutionId,
    });
  });

  it('opens a SetupIntent and maps an attached PaymentMethod to card facts', async () => {
    requests = [];
    expect(await stripe().createSetupIntent(account, 'cus_RbT0sXkq4Yp2Lm')).toBe(fixture('setup_intent').client_secret);
    expect(requests[0]!.form.get('usage')).toBe('off_session');
    expect(requests[0]!.form.get('customer')).toBe('cus_RbT0sXkq4Yp2Lm');
    const card = await stripe().attachPaymentMethod(account, 'cus_RbT0sXkq4Yp2Lm', 'pm_1QJd4sJvEtkwdCNYh2Lq9XyZ');
    expect(card).toEqual({
      ref: 'pm_1QJd4sJvEtkwdCNYh2Lq9XyZ',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2029,
      holderName: 'Dana Whitfield',
      declines: false,
    });
    expect(requests[1]).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1QJd4sJvEtkwdCNYh2Lq9XyZ/attach' });
    await expect(stripe().attachPaymentMethod(account, 'cus_x', 'pm_unknown')).rejects.toMatchObject({
      status: 400,
      message: 'This card token is not valid',
    });
    await expect(stripe().attachPaymentMethod(account, 'cus_x', 'btok_123')).rejects.toMatchObject({ status: 400 });
  });

  it('issues an invoice with its lines, finalizes it and pays it with the card; a decline comes back as declined', async () => {
    requests = [];
    const lines = [
      {
        description: 'Unused time on Core (monthly)',
        quantity: 1,
        unitAmount: -24_950,
        amount: -24_950,
        periodStart: null,
        periodEnd: null,
      },
      {
        description: 'Remaining time on Pro (monthly)',
        quantity: 1,
        unitAmount: 74_950,
        amount: 74_950,
        periodStart: null,
        periodEnd: null,
      },
    ];
    const invoice = {
      invoiceId: 'inv0000000000000000000001',
      number: 'INV-2026-00007',
      currency: 'usd',
      lines,
      total: 50_000,
      collection: 'card' as const,
      cardRef: 'pm_1QJd4sJvEtkwdCNYh2Lq9XyZ',
      daysUntilDue: 14,
    };
    const paid = await stripe().collectInvoice(account, 'cus_RbT0sXkq4Yp2Lm', invoice, false);
    expect(paid.status).toBe('paid');
    expect(paid.providerInvoiceId).toMatch(/^in_test_\d+$/);
    expect(requests.map((r) => `${r.method} ${r.path.replace(/in_test_\d+/, 'in_X')}`)).toEqual([
      'POST /v1/invoices',
      'POST /v1/invoiceitems',
      'POST /v1/invoiceitems',
      'POST /v1/invoices/in_X/finalize',
      'POST /v1/invoices/in_X/pay',
    ]);
    expect(Object.fromEntries(requests[0]!.form)).toMatchObject({
      customer: 'cus_RbT0sXkq4Yp2Lm',
      currency: 'usd',
      collection_method: 'charge_automatically',
      auto_advance: 'false',
      description: 'INV-2026-00007',
      'metadata[invoiceId]': invoice.invoiceId,
      'metadata[tenantId]': account.tenantId,
    });
    expect(requests[1]!.form.get('amount')).toBe('-24950');
    expect(requests[2]!.form.get('description')).toBe('Remaining time on Pro (monthly)');
    expect(requests[4]!.form.get('payment_method')).toBe(invoice.cardRef);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `invoice-${invoice.invoiceId}`,
      `invoice-${invoice.invoiceId}-line-0`,
      `invoice-${invoice.invoiceId}-line-1`,
      `invoice-${invoice.invoiceId}-finalize`,
      `invoice-${invoice.invoiceId}-pay`,
    ]);

    declineNext = true;
    expect((await stripe().collectInvoice(account, 'cus_RbT0sXkq4Yp2Lm', invoice, false)).status).toBe('declined');

    requests = [];
    const transfer = await stripe().collectInvoice(
      account,
      'cus_RbT0sXkq4Yp2Lm',
      { ...invoice, collection: 'bank-transfer', cardRef: null },
      false,
    );
    expect(transfer.status).toBe('open');
    expect(requests[0]!.form.get('collection_method')).toBe('send_invoice');
    expect(requests[0]!.form.get('days_until_due')).toBe('14');
    expect(requests.some((r) => r.path.endsWith('/pay'))).toBe(false);
  });

  it('mirrors the plan with a subscription that charges from the end of the invoiced period', async () => {
    requests = [];
    const periodEnd = new Date('2026-12-27T09:30:00Z');
    const id = await stripe().syncSubscription(account, 'cus_RbT0sXkq4Yp2Lm', null, { plan: 'core', interval: 'month', periodEnd });
    expect(id).toBe('sub_1QJdAeJvEtkwdCNYk4Lm6NoP');
    expect(Object.fromEntries(requests[0]!.form)).toMatchObject({
      customer: 'cus_RbT0sXkq4Yp2Lm',
      'items[0][price]': PRICES.core.month,
      trial_end: String(periodEnd.getTime() / 1000),
      proration_behavior: 'none',
      'metadata[plan]': 'core',
    });
    requests = [];
    await stripe().syncSubscription(account, 'cus_RbT0sXkq4Yp2Lm', id, { plan: 'pro', interval: 'month', periodEnd });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${id}`, `POST /v1/subscriptions/${id}`]);
    expect(requests[1]!.form.get('items[0][id]')).toBe('si_RbTaXk2Lm4NoPq');
    expect(requests[1]!.form.get('items[0][price]')).toBe(PRICES.pro.month);
    // No price configured for an interval: nothing is sent.
    requests = [];
    expect(await stripe().syncSubscription(account, 'cus_x', null, { plan: 'pro', interval: 'year', periodEnd })).toBeNull();
    expect(requests).toEqual([]);
    await stripe().cancelSubscription(id);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${id}`]);
  });

  it('encodes nested forms as Stripe reads them', () => {
    expect(formEncode({ a: 1, b: { c: 'x y', d: [{ e: 2 }] }, skip: undefined, none: null })).toBe(
      'a=1&b%5Bc%5D=x%20y&b%5Bd%5D%5B0%5D%5Be%5D=2',
    );
  });
});

describe('the Stripe-Signature check', () => {
  const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}');
  const now = 1_795_770_000;
  it('accepts a fresh signature and refuses a wrong, stale, malformed or missing one', () => {
    expect(verifyStripeSignature(body, signStripePayload(body.toString(), WEBHOOK_SECRET, now), WEBHOOK_SECRET, now)).toBe(true);
    // Several v1 values (during a secret roll): one matching is enough.
    const both = `t=${now},v1=${'0'.repeat(64)},${signStripePayload(body.toString(), WEBHOOK_SECRET, now).split(',')[1]}`;
    expect(verifyStripeSignature(body, both, WEBHOOK_SECRET, now)).toBe(true);
    expect(verifyStripeSignature(body, signStripePayload(body.toString(), 'whsec_other', now), WEBHOOK_SECRET, now)).toBe(false);
    expect(
      verifyStripeSignature(Buffer.from(`${body} `), signStripePayload(body.toString(), WEBHOOK_SECRET, now), WEBHOOK_SECRET, now),
    ).toBe(false);
    expect(verifyStripeSignature(body, signStripePayload(body.toString(), WEBHOOK_SECRET, now - 301), WEBHOOK_SECRET, now)).toBe(false);
    expect(verifyStripeSignature(body, signStripePayload(body.toString(), WEBHOOK_SECRET, now + 301), WEBHOOK_SECRET, now)).toBe(false);
    expect(verifyStripeSignature(body, signStripePayload(body.toString(), WEBHOOK_SECRET, now - 299), WEBHOOK_SECRET, now)).toBe(true);
    for (const bad of [
      undefined,
      '',
      't=abc,v1=00',
      `t=${now}`,
      `v1=${'a'.repeat(64)}`,
      `t=${now},v1=xyz`,
      `t=${now},v0=${'a'.repeat(64)}`,
    ])
      expect(verifyStripeSignature(body, bad, WEBHOOK_SECRET, now), String(bad)).toBe(false);
  });
});

describe('configuration', () => {
  it('needs the Stripe keys with PAYMENTS_PROVIDER=stripe, and a valid pricing file', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'stripe' });
    } catch (error) {
      expect((error as Error).message).toContain('STRIPE_WEBHOOK_SECRET: PAYMENTS_PROVIDER=stripe needs it');
    }
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER: must be builtin or stripe/);
    const dir = mkdtempSync(join(tmpdir(), 'pricing-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...DEFAULT_PRICING, plans: DEFAULT_PRICING.plans.slice(1) }));
    expect(() => loadConfig({ NODE_ENV: 'test', BILLING_PRICING_FILE: bad })).toThrow(
      /BILLING_PRICING_FILE: .*must list trial, core and pro/,
    );
    writeFileSync(bad, '{ not json');
    expect(() => loadConfig({ NODE_ENV: 'test', BILLING_PRICING_FILE: bad })).toThrow(/BILLING_PRICING_FILE: cannot read/);
    const good = join(dir, 'good.json');
    const custom = { ...DEFAULT_PRICING, trialDays: 30, currency: 'eur' };
    writeFileSync(good, JSON.stringify(custom));
    expect(loadConfig({ NODE_ENV: 'test', BILLING_PRICING_FILE: good }).billing.pricing).toMatchObject({ trialDays: 30, currency: 'eur' });
    expect(loadConfig({ NODE_ENV: 'test' }).billing).toEqual({ payments: { provider: 'builtin' }, pricing: DEFAULT_PRICING });
  });
});

describe('billing on Stripe', () => {
  let t: TestApp;
  let owner: SignedUp;
  const call = callerOf(() => t.app);
  const acme = () => t.tenants.acme.id;
  const dataOf = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
  const billing = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', id: string, path: string, payload?: object) =>
    call(owner, method, `tenant/${acme()}/institutions/${id}/billing${path}`, payload);
  const webhook = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  const signed = (event: object) => {
    const raw = JSON.stringify(event);
    return webhook(raw, signStripePayload(raw, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)));
  };
  const eventFor = (name: string, institutionId: string, extra: Record<string, unknown> = {}) => {
    const event = fixture(name);
    event.id = `evt_${newId()}`;
    event.data.object = { ...event.data.object, ...extra, metadata: { ...event.data.object.metadata, tenantId: acme(), institutionId } };
    return event;
  };
  async function institution(name: string): Promise<string> {
    const res = await call(owner, 'POST', `tenant/${acme()}/institutions`, {
      name,
      slug: `${name.toLowerCase()}-${newId().slice(-8)}`,
      descriptionShort: 'A fund',
    });
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<{ _id: string }>(res)._id;
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pricing-'));
    const file = join(dir, 'pricing.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_PRICING, stripePriceIds: PRICES }));
    t = await buildTestApp({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51PyTessera',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
      BILLING_PRICING_FILE: file,
    });
    owner = await signUp(t.app, 'acme', { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets the web app load Stripe.js, frame its Payment Element and call Stripe's API (CSP), with Stripe only", async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } })).headers['content-security-policy'],
    );
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toMatch(/^script-src 'self' 'sha256-[^']+' 'sha256-[^']+' 'sha256-[^']+' https:\/\/js\.stripe\.com$/);
    expect(directive('frame-src')).toMatch(/ https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com$/);
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    // Nothing else opens: still no other script, frame or connect host beyond the ones named.
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('adds a card through a SetupIntent, charges the plan change at Stripe and mirrors the plan in a subscription', async () => {
    const id = await institution('Striped');
    const pricing = dataOf<{ provider: string; publishableKey: string }>(await billing('GET', id, '/pricing'));
    expect(pricing).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_51PyTessera' });
    requests = [];
    const intent = await billing('POST', id, '/payment-methods/setup-intent');
    expect(intent.statusCode, intent.body).toBe(200);
    expect(dataOf(intent)).toEqual({ provider: 'stripe', clientSecret: fixture('setup_intent').client_secret });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/setup_intents']);
    expect(requests[0]!.form.get('name')).toBe('Striped');

    requests = [];
    const added = await billing('POST', id, '/payment-methods', { token: 'pm_1QJd4sJvEtkwdCNYh2Lq9XyZ' });
    expect(added.statusCode, added.body).toBe(201);
    // Attached to the customer, and made the card Stripe charges by default (the first card is primary).
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_methods/pm_1QJd4sJvEtkwdCNYh2Lq9XyZ/attach',
      'POST /v1/customers/cus_RbT0sXkq4Yp2Lm',
    ]);
    expect(requests[0]!.form.get('customer')).toBe('cus_RbT0sXkq4Yp2Lm');
    expect(requests[1]!.form.get('invoice_settings[default_payment_method]')).toBe('pm_1QJd4sJvEtkwdCNYh2Lq9XyZ');
    expect(dataOf<PaymentMethod>(added)).toMatchObject({
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      primary: true,
      holderName: 'Dana Whitfield',
    });
    expect((await billing('POST', id, '/payment-methods', { token: 'pm_unknown' })).statusCode).toBe(400);

    requests = [];
    const changed = await billing('PUT', id, '/plan', { plan: 'core', interval: 'month' });
    expect(changed.statusCode, changed.body).toBe(200);
    const result = dataOf<PlanChangeResult>(changed);
    expect(result.invoice).toMatchObject({
      provider: 'stripe',
      status: 'paid',
      collection: 'card',
      total: 49_900,
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    expect(requests.map((r) => `${r.method} ${r.path.replace(/in_test_\d+/, 'in_X')}`)).toEqual([
      'POST /v1/invoices',
      'POST /v1/invoiceitems',
      'POST /v1/invoices/in_X/finalize',
      'POST /v1/invoices/in_X/pay',
      'POST /v1/subscriptions',
    ]);
    expect(requests[4]!.form.get('trial_end')).toBe(String(new Date(result.plan.currentPeriodEnd!).getTime() / 1000));

    // Mark-paid is the built-in provider's; the vault too.
    expect((await billing('POST', id, `/invoices/${result.invoice!._id}/mark-paid`)).statusCode).toBe(409);
    expect(
      (
        await call(owner, 'POST', 'payments/builtin/tokens', {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          holderName: 'A',
        })
      ).statusCode,
    ).toBe(404);

    // The profile goes to the Stripe customer.
    requests = [];
    const synced = await billing('POST', id, '/profile/sync');
    expect(synced.statusCode).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers/cus_RbT0sXkq4Yp2Lm']);
  });

  it('refuses a webhook whose signature does not verify, with no detail', async () => {
    const raw = JSON.stringify(fixture('event_invoice_paid'));
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      undefined,
      'garbage',
      signStripePayload(raw, 'whsec_wrong', now),
      signStripePayload(raw, WEBHOOK_SECRET, now - 600),
    ]) {
      const res = await webhook(raw, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(res.json().error.message).toBe('The webhook signature does not verify');
    }
    const tampered = await webhook(raw.replace('49900', '1'), signStripePayload(raw, WEBHOOK_SECRET, now));
    expect(tampered.statusCode).toBe(400);
  });

  it('applies invoice.paid, invoice.payment_failed and subscription events once each, by the metadata', async () => {
    const id = await institution('Hooked');
    const changed = dataOf<PlanChangeResult>(await billing('PUT', id, '/plan', { plan: 'pro', interval: 'month' }));
    // No card: a Stripe invoice sent for payment, open.
    expect(changed.invoice).toMatchObject({ status: 'open', collection: 'bank-transfer', provider: 'stripe' });
    const [stripeInvoice] = requests.filter((r) => r.path === '/v1/invoices').slice(-1);
    expect(stripeInvoice!.form.get('collection_method')).toBe('send_invoice');
    const providerInvoiceId = requests
      .map((r) => /\/v1\/invoices\/(in_test_\d+)\/finalize/.exec(r.path)?.[1])
      .filter(Boolean)
      .at(-1)!;

    const failed = eventFor('event_invoice_payment_failed', id, { id: providerInvoiceId });
    const res = await signed(failed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ received: true, duplicate: false });
    expect(dataOf<BillingPlanState>(await billing('GET', id, '/plan')).status).toBe('past-due');
    expect((await signed(failed)).json().data).toEqual({ received: true, duplicate: true });

    const paid = await signed(eventFor('event_invoice_paid', id, { id: providerInvoiceId }));
    expect(paid.statusCode).toBe(200);
    const invoice = dataOf<Invoice>(await billing('GET', id, `/invoices/${changed.invoice!._id}`));
    expect(invoice).toMatchObject({ status: 'paid', amountPaid: invoice.total, amountDue: 0 });
    expect(dataOf<BillingPlanState>(await billing('GET', id, '/plan')).status).toBe('active');

    const updated = eventFor('event_subscription_updated', id);
    await signed(updated);
    const plan = dataOf<BillingPlanState>(await billing('GET', id, '/plan'));
    expect(plan).toMatchObject({
      status: 'past-due',
      currentPeriodEnd: new Date(updated.data.object.current_period_end * 1000).toISOString(),
    });

    // A renewal Stripe's subscription invoiced and collected is recorded as our invoice, numbered in sequence.
    const before = dataOf<Invoice[]>(await billing('GET', id, '/invoices'));
    const renewal = eventFor('event_invoice_paid_renewal', id);
    expect((await signed(renewal)).statusCode).toBe(200);
    expect((await signed(renewal)).json().data).toEqual({ received: true, duplicate: true });
    const after = dataOf<Invoice[]>(await billing('GET', id, '/invoices'));
    expect(after.length).toBe(before.length + 1);
    const mirrored = after.find((i) => !before.some((b) => b._id === i._id))!;
    expect(mirrored).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      total: 49_900,
      amountDue: 0,
      periodStart: new Date(1_766_827_800_000).toISOString(),
      lines: [{ description: '1 × Core (at $499.00 / month)', amount: 49_900 }],
    });
    expect(Number(mirrored.number.slice(-5))).toBe(Math.max(...before.map((b) => Number(b.number.slice(-5)))) + 1);

    await signed(eventFor('event_subscription_deleted', id));
    expect(dataOf<BillingPlanState>(await billing('GET', id, '/plan')).status).toBe('canceled');

    const events = await tenantEventsOf(t.app, acme(), id);
    expect(events.some((e) => e.message.includes('paid through Stripe'))).toBe(true);
    expect(events.some((e) => e.message.includes('Stripe canceled the subscription'))).toBe(true);

    // An event about nothing of ours is acknowledged and ignored.
    const stranger = fixture('event_invoice_paid');
    stranger.data.object.metadata = {};
    expect((await signed(stranger)).json().data).toEqual({ received: true, duplicate: false });
  });
});
