import { createHmac, timingSafeEqual } from 'node:crypto';
import { cardBrand, type CardBrand, type PaidPlan, type BillingInterval } from '@tessera/domain';
import { AppError } from '../app-error.ts';
import type { PricingConfig } from './pricing.ts';
import type { AccountRef, CardFacts, CustomerProfile, PaymentsProvider } from './provider.ts';

/**
 * The Stripe adapter: plain HTTPS to Stripe's API (form-encoded bodies, `Authorization: Bearer <secret key>`, an
 * Idempotency-Key on every POST that makes something), with `fetch` and the base URL injectable so tests run it
 * against recorded answers. Billing keeps its own invoices: each one is issued at Stripe as an invoice of its lines
 * (created, its items added, finalized, then paid with the card, or left for Stripe to collect by transfer). The plan
 * is mirrored by a Stripe subscription (the price of `stripePriceIds`) whose first charge is the end of the period
 * billing already invoiced, so nothing is charged twice. Customers, subscriptions and invoices carry
 * `metadata[tenantId]` and `metadata[institutionId]`, which is how the webhook finds the institution.
 */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: string;
}

type Fetch = typeof fetch;
type Json = Record<string, unknown>;
type Form = Record<string, unknown>;

const TIMEOUT_MS = 15_000;

/** Stripe's form encoding: nested objects and arrays as `a[b][0]=…`; null/undefined left out. */
export function formEncode(body: Form): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object' && !(value instanceof Date)) for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(value instanceof Date ? Math.floor(value.getTime() / 1000) : String(value))}`,
      );
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return pairs.join('&');
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

export function mapBrand(brand: unknown): CardBrand {
  const parsed = cardBrand.safeParse(brand);
  return parsed.success ? parsed.data : 'unknown';
}

/** A Stripe PaymentMethod (type card) as card facts. */
export function mapPaymentMethod(pm: Json): CardFacts {
  const card = (pm.card ?? {}) as Json;
  const billing = (pm.billing_details ?? {}) as Json;
  return {
    ref: str(pm.id) ?? '',
    brand: mapBrand(card.brand),
    last4: str(card.last4) ?? '0000',
    expMonth: num(card.exp_month),
    expYear: num(card.exp_year),
    holderName: str(billing.name) ?? '',
  };
}

const customerForm = (profile: CustomerProfile) => ({
  name: profile.company || undefined,
  email: profile.email || undefined,
  address: {
    line1: profile.address.line1,
    line2: profile.address.line2,
    city: profile.address.city,
    state: profile.address.state,
    postal_code: profile.address.postalCode,
    country: profile.address.country,
  },
});

const metadataOf = (account: AccountRef) => ({ tenantId: account.tenantId, institutionId: account.institutionId });

export function createStripeProvider(config: StripeConfig, pricing: PricingConfig, fetchImpl: Fetch = fetch): PaymentsProvider {
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Form, idempotencyKey?: string): Promise<Json> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          accept: 'application/json',
          'stripe-version': '2024-06-20',
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body ? { body: formEncode(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('unavailable', 'Stripe could not be reached', { cause: error });
    }
    const answer = (await response.json().catch(() => ({}))) as Json;
    if (!response.ok) {
      const error = (answer.error ?? {}) as Json;
      throw new StripeError(
        response.status,
        str(error.type) ?? 'api_error',
        str(error.code),
        str(error.message) ?? `Stripe answered ${response.status}`,
      );
    }
    return answer;
  }

  const priceOf = (plan: PaidPlan, interval: BillingInterval) => pricing.stripePriceIds[plan]?.[interval] ?? null;

  return {
    kind: 'stripe',
    publishableKey: config.publishableKey,

    async ensureCustomer(account, customerId, profile) {
      if (customerId) return customerId;
      const customer = await call(
        'POST',
        '/v1/customers',
        { ...customerForm(profile), metadata: metadataOf(account) },
        `customer-${account.tenantId}-${account.institutionId}`,
      );
      return str(customer.id);
    },

    async syncProfile(customerId, profile) {
      if (!customerId) return;
      await call('POST', `/v1/customers/${encodeURIComponent(customerId)}`, {
        ...customerForm(profile),
        tax_id_data: undefined,
        metadata: { taxId: profile.taxId || undefined },
      });
    },

    async createSetupIntent(account, customerId) {
      const intent = await call('POST', '/v1/setup_intents', {
        customer: customerId,
        usage: 'off_session',
        'payment_method_types[]': 'card',
        metadata: metadataOf(account),
      });
      return str(intent.client_secret);
    },

    async attachPaymentMethod(_account, customerId, token) {
      if (!/^pm_\w+$/.test(token)) throw new AppError('bad-request', 'This card token is not valid');
      let pm: Json;
      try {
        pm = await call('POST', `/v1/payment_methods/${encodeURIComponent(token)}/attach`, { customer: customerId }, `attach-${token}`);
      } catch (error) {
        if (error instanceof StripeError && error.status < 500) throw new AppError('bad-request', 'This card token is not valid');
        throw error;
      }
      return { ...mapPaymentMethod(pm), declines: false };
    },

    async detachPaymentMethod(ref) {
      await call('POST', `/v1/payment_methods/${encodeURIComponent(ref)}/detach`, {});
    },

    async setDefaultPaymentMethod(customerId, ref) {
      if (!customerId) return;
      await call('POST', `/v1/customers/${encodeURIComponent(customerId)}`, { invoice_settings: { default_payment_method: ref } });
    },

    async collectInvoice(account, customerId, invoice) {
      const key = `invoice-${invoice.invoiceId}`;
      const byCard = invoice.collection === 'card' && invoice.cardRef;
      const created = await call(
        'POST',
        '/v1/invoices',
        {
          customer: customerId,
          currency: invoice.currency,
          auto_advance: 'false',
          collection_method: byCard ? 'charge_automatically' : 'send_invoice',
          days_until_due: byCard ? undefined : invoice.daysUntilDue,
          description: invoice.number,
          metadata: { ...metadataOf(account), invoiceId: invoice.invoiceId, number: invoice.number },
        },
        key,
      );
      const id = str(created.id)!;
      for (const [i, line] of invoice.lines.entries()) {
        await call(
          'POST',
          '/v1/invoiceitems',
          { customer: customerId, invoice: id, currency: invoice.currency, amount: line.amount, description: line.description },
          `${key}-line-${i}`,
        );
      }
      const finalized = await call('POST', `/v1/invoices/${id}/finalize`, {}, `${key}-finalize`);
      if (finalized.status === 'paid') return { status: 'paid', providerInvoiceId: id };
      if (!byCard) return { status: 'open', providerInvoiceId: id };
      try {
        const paid = await call('POST', `/v1/invoices/${id}/pay`, { payment_method: invoice.cardRef, off_session: 'true' }, `${key}-pay`);
        return { status: paid.status === 'paid' ? 'paid' : 'open', providerInvoiceId: id };
      } catch (error) {
        if (error instanceof StripeError && (error.status === 402 || error.type === 'card_error'))
          return { status: 'declined', providerInvoiceId: id };
        throw error;
      }
    },

    async syncSubscription(account, customerId, subscriptionId, plan) {
      const price = priceOf(plan.plan, plan.interval);
      if (!price || !customerId) return subscriptionId;
      // Billing invoiced up to periodEnd itself: Stripe charges from then on (trial_end), and prorates nothing.
      if (!subscriptionId) {
        const sub = await call(
          'POST',
          '/v1/subscriptions',
          {
            customer: customerId,
            items: [{ price }],
            trial_end: plan.periodEnd,
            proration_behavior: 'none',
            metadata: { ...metadataOf(account), plan: plan.plan, interval: plan.interval },
          },
          `subscription-${account.institutionId}-${plan.plan}-${plan.interval}-${plan.periodEnd.getTime()}`,
        );
        return str(sub.id);
      }
      const current = await call('GET', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
      const item = ((current.items as Json | undefined)?.data as Json[] | undefined)?.[0];
      await call('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        items: [{ id: str(item?.id) ?? undefined, price }],
        trial_end: plan.periodEnd,
        proration_behavior: 'none',
        metadata: { ...metadataOf(account), plan: plan.plan, interval: plan.interval },
      });
      return subscriptionId;
    },

    async cancelSubscription(subscriptionId) {
      if (subscriptionId) await call('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`);
    },
  };
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

// ---- the webhook ----

export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe-Signature header (`t=<unix>,v1=<hex>[,v1=…]`): HMAC-SHA256 of `${t}.${raw body}` with the webhook
 * secret, compared in constant time, signed within 5 minutes of now. False on anything else; the caller answers 400
 * with no detail.
 */
export function verifyStripeSignature(raw: Buffer, header: string | undefined, secret: string, nowSeconds: number): boolean {
  if (!header || header.length > 2048) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(t)) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  return signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/.test(s)) return false;
    return timingSafeEqual(expected, Buffer.from(s, 'hex'));
  });
}

/** Signs a payload as Stripe does (tests, and the docs' example). */
export function signStripePayload(raw: string, secret: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
}
