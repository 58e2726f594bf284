import {
  billingPlanState,
  billingProfile,
  billingProfileBody,
  BILLING_TEXTS,
  builtinCardBody,
  builtinCardToken,
  dataOf,
  invoice,
  invoiceListQuery,
  listOf,
  objectId,
  pageQuery,
  paymentMethod,
  paymentMethodCreateBody,
  paymentMethodUpdateBody,
  planChangeBody,
  planChangeResult,
  pricing,
  prorationPreview,
  prorationQuery,
  setupIntent,
  webhookReceipt,
} from '@tessera/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { createBuiltinProvider } from '../../lib/payments/builtin-provider.ts';
import type { PaymentsProvider } from '../../lib/payments/provider.ts';
import { createStripeProvider } from '../../lib/payments/stripe-provider.ts';
import { keepRawJsonBody } from '../../lib/raw-json-body.ts';
import { created, errorResponses, binaryResponse, noContent, tenantParams } from '../../lib/route-schema.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { runInWorker } from '../../lib/worker-pool.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as billing from './billing.service.ts';
import type { InvoicePdfData } from './invoice-pdf.ts';

export interface BillingRouteOptions {
  /** A payment provider instead of the configured one (tests point Stripe at a local fake through STRIPE_API_URL instead). */
  provider?: PaymentsProvider;
}

const tags = ['Billing'];
const signedIn: Access = 'signed-in';
const institutionParams = tenantParams.extend({ id: objectId.describe("The institution's id (24 hexadecimal characters)") });
const invoiceParams = institutionParams.extend({ invoiceId: objectId.describe("The invoice's id (24 hexadecimal characters)") });
const methodParams = institutionParams.extend({
  paymentMethodId: objectId.describe("The payment method's id (24 hexadecimal characters)"),
});
const scope =
  '`{t}` is the id or slug of the tenant of the address (any other gives 404); an institution of another tenant, or one whose team a GP is not on, is 404.';
const readers = `Readers: the tenant's owners and the owners and editors of the institution's team; its members and viewers get 403 '${billing.BILLING_READERS_ONLY}'. ${scope}`;
const writers = `Writers: the tenant's owners and the owners of the institution's team; its editors, members and viewers get 403. ${scope}`;
const read = { access: signedIn, accessNote: readers, tenantParam: 't' } as const;
const write = { access: signedIn, accessNote: writers, tenantParam: 't' } as const;
const writeStepUp = { ...write, stepUp: true } as const;
const PDF_WORKER = new URL('./invoice-pdf.ts', import.meta.url);
/** Card tokens a person may make in the built-in vault per window (guessing numbers through it is pointless but noisy). */
export const CARD_TOKEN_LIMIT = { max: 20, windowMs: 15 * 60_000 } as const;

export async function billingRoutes(app: FastifyInstance, options: BillingRouteOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payments = app.config.billing.payments;
  const provider =
    options.provider ??
    (payments.provider === 'stripe' ? createStripeProvider(payments, app.config.billing.pricing) : createBuiltinProvider());
  const deps: billing.BillingDeps = {
    db: app.db,
    clock: app.clock,
    pricing: app.config.billing.pricing,
    provider,
    webhookSecret: payments.provider === 'stripe' ? payments.webhookSecret : null,
  };
  billing.configureBilling({ pricing: deps.pricing, clock: app.clock });
  // The renewal sweep: periods that ended while nobody read the account (reads renew lazily too). Off in tests, which
  // call renewDueAccounts themselves.
  if (app.config.env !== 'test') {
    const sweep = setInterval(() => {
      billing.renewDueAccounts(deps).catch((error: unknown) => app.log.error({ err: error }, 'billing renewal sweep failed'));
    }, billing.RENEWAL_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  const tokenLimiter = new AttemptLimiter(
    'builtin-card-token',
    CARD_TOKEN_LIMIT.max,
    CARD_TOKEN_LIMIT.windowMs,
    app.attemptStore,
    app.clock,
  );
  const base = '/tenant/:t/institutions/:id/billing';
  const errors = errorResponses(400, 401, 403, 404);

  r.get(
    `${base}/pricing`,
    {
      schema: {
        tags,
        operationId: 'getBillingPricing',
        summary: 'Plans and prices',
        description: `The plans (trial, core, pro) with their prices in cents, limits (null: unlimited) and features, the trial length, and the payment provider in use (with Stripe's publishable key for Stripe.js). From configuration (BILLING_PRICING_FILE). ${readers}`,
        params: institutionParams,
        response: { 200: dataOf(pricing).describe('The plans, the trial and the payment provider'), ...errors },
      },
      config: read,
    },
    async (request) => ({ data: await billing.getPricingFor(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    `${base}/plan`,
    {
      schema: {
        tags,
        operationId: 'getBillingPlan',
        summary: "The institution's plan",
        description: `Plan, billing interval, subscription status (a trial becomes trial-ended after trialEndsAt), current period, credit balance, limits and usage (offers; team seats = active and invited team members). A period that has ended is renewed on this read: its invoice is issued. ${readers}`,
        params: institutionParams,
        response: { 200: dataOf(billingPlanState).describe("The institution's plan, limits and usage"), ...errors },
      },
      config: read,
    },
    async (request) => ({ data: await billing.getPlan(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    `${base}/plan/proration`,
    {
      schema: {
        tags,
        operationId: 'previewBillingPlanChange',
        summary: 'What a plan change would invoice',
        description: `Exactly what PUT …/billing/plan would invoice now: from a trial, a new period from now charged in full; mid-period on the same interval, a credit for the unused time of the current plan and a charge for the rest of the period on the new one (by the second, rounded to the cent, halves up); to another interval, a new period from now. The credit balance pays what it can; a downgrade invoices nothing and adds to the credit. The same plan and interval is 409 '${BILLING_TEXTS.noPlanChange}'. ${readers}`,
        params: institutionParams,
        querystring: prorationQuery,
        response: {
          200: dataOf(prorationPreview).describe('What the change would invoice now'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: read,
    },
    async (request) => ({ data: await billing.previewPlanChange(deps, requireAuth(request), request.params.id, request.query) }),
  );

  r.put(
    `${base}/plan`,
    {
      schema: {
        tags,
        operationId: 'changeBillingPlan',
        summary: 'Change the plan',
        description: `Moves the institution to a paid plan and interval at once and issues the invoice the proration preview showed (none for a downgrade: the difference goes to the credit balance). The invoice is charged to the primary card; without one it is a bank-transfer invoice due in 14 days with a payment reference. A declined card does not undo the change: the invoice stays open as a bank transfer and the subscription becomes past-due (the answer carries that open invoice). The same plan and interval is 409 '${BILLING_TEXTS.noPlanChange}'. ${writers}`,
        params: institutionParams,
        body: planChangeBody,
        response: {
          200: dataOf(planChangeResult).describe('The new plan and the invoice issued (null when nothing is due)'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: write,
    },
    async (request) => ({ data: await billing.changePlan(deps, requireAuth(request), request.params.id, request.body) }),
  );

  r.get(
    `${base}/profile`,
    {
      schema: {
        tags,
        operationId: 'getBillingProfile',
        summary: 'The billing profile',
        description: `Who invoices are made out to: company (the institution's name until set), e-mail, tax id and address; when it was last synced to the payment provider. ${readers}`,
        params: institutionParams,
        response: { 200: dataOf(billingProfile).describe('The billing profile'), ...errors },
      },
      config: read,
    },
    async (request) => ({ data: await billing.getProfile(deps, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/billing',
    {
      schema: {
        tags,
        operationId: 'updateBillingProfile',
        summary: 'Update the billing profile',
        description: `The whole profile: company (required, at most 200 characters), e-mail, tax id, address (country a two-letter code). Invoices issued later carry it; earlier ones keep the profile they were issued with. ${writers}`,
        params: institutionParams,
        body: billingProfileBody,
        response: { 200: dataOf(billingProfile).describe('The billing profile'), ...errors },
      },
      config: write,
    },
    async (request) => ({ data: await billing.updateProfile(deps, requireAuth(request), request.params.id, request.body) }),
  );

  r.post(
    `${base}/profile/sync`,
    {
      schema: {
        tags,
        operationId: 'syncBillingProfile',
        summary: 'Sync the profile to the payment provider',
        description: `Sends the billing profile to the provider's customer record (Stripe: made if missing); the built-in provider keeps no separate record, so only syncedAt moves. ${writers}`,
        params: institutionParams,
        response: { 200: dataOf(billingProfile).describe('The billing profile'), ...errors },
      },
      config: write,
    },
    async (request) => ({ data: await billing.syncProfile(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    `${base}/invoices`,
    {
      schema: {
        tags,
        operationId: 'listBillingInvoices',
        summary: "The institution's invoices",
        description: `Newest first, paginated, optionally by status. Numbers run without gaps per tenant and year (INV-2026-00001). A period that has ended is renewed on this read. ${readers}`,
        params: institutionParams,
        querystring: invoiceListQuery,
        response: { 200: listOf(invoice).describe('A page of invoices'), ...errors },
      },
      config: read,
    },
    async (request) => billing.listInvoices(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    `${base}/invoices/:invoiceId`,
    {
      schema: {
        tags,
        operationId: 'getBillingInvoice',
        summary: 'One invoice',
        description: `Number, period, lines, amounts, status, collection (card or bank transfer, with the payment reference to quote). ${readers}`,
        params: invoiceParams,
        response: { 200: dataOf(invoice).describe('The invoice'), ...errors },
      },
      config: read,
    },
    async (request) => ({ data: await billing.getInvoice(deps, requireAuth(request), request.params.id, request.params.invoiceId) }),
  );

  r.get(
    `${base}/invoices/:invoiceId/pdf`,
    {
      schema: {
        tags,
        operationId: 'getBillingInvoicePdf',
        summary: 'The invoice as a PDF',
        description: `The invoice as a PDF attachment named <number>.pdf: number, dates, bill-to, lines, totals, status and how to pay. ${readers}`,
        params: invoiceParams,
        response: { 200: binaryResponse(['application/pdf'], 'The invoice (PDF)'), ...errors },
      },
      config: read,
    },
    async (request, reply) => {
      const doc = await billing.invoiceDocument(deps, requireAuth(request), request.params.id, request.params.invoiceId);
      const data: InvoicePdfData = { ...doc, sellerName: requireTenant(request).name };
      const pdf = await runInWorker<Uint8Array>(PDF_WORKER, 'renderInvoicePdf', [data], {
        owner: { tenantId: requireAuth(request).tenantId, userId: requireAuth(request).user.id },
      });
      const bytes: FastifyReply = reply;
      return bytes
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(`${doc.invoice.number}.pdf`))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  r.post(
    `${base}/invoices/:invoiceId/mark-paid`,
    {
      schema: {
        tags,
        operationId: 'markBillingInvoicePaid',
        summary: 'Mark an invoice paid',
        description: `Records a bank transfer received for an open invoice of the built-in provider (a Stripe invoice is paid through Stripe: 409; an invoice not open: 409). A past-due subscription with nothing left open becomes active. Only the tenant's owners (and platform admins): anyone else 403 '${billing.MARK_PAID_OWNERS_ONLY}'. ${scope}`,
        params: invoiceParams,
        response: { 200: dataOf(invoice).describe('The invoice'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, accessNote: "The tenant's owners (and platform admins) only.", tenantParam: 't' },
    },
    async (request) => ({ data: await billing.markInvoicePaid(deps, requireAuth(request), request.params.id, request.params.invoiceId) }),
  );

  r.get(
    `${base}/payment-methods`,
    {
      schema: {
        tags,
        operationId: 'listBillingPaymentMethods',
        summary: "The institution's cards",
        description: `Primary first, then newest: brand, last four digits, expiry, name on card. Never a card number. ${readers}`,
        params: institutionParams,
        querystring: pageQuery,
        response: { 200: listOf(paymentMethod).describe('A page of cards, the primary first'), ...errors },
      },
      config: read,
    },
    async (request) => billing.listPaymentMethods(deps, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    `${base}/payment-methods/setup-intent`,
    {
      schema: {
        tags,
        operationId: 'createBillingSetupIntent',
        summary: 'Start adding a card (Stripe)',
        description: `Stripe: a SetupIntent's client secret for Stripe.js to confirm the card with (the customer is made if missing). Built-in provider: clientSecret null (cards go to POST payments/builtin/tokens). ${writers}`,
        params: institutionParams,
        response: { 200: dataOf(setupIntent).describe('The client secret (null with the built-in provider)'), ...errors },
      },
      config: write,
    },
    async (request) => ({ data: await billing.setupIntent(deps, requireAuth(request), request.params.id) }),
  );

  r.post(
    `${base}/payment-methods`,
    {
      schema: {
        tags,
        operationId: 'addBillingPaymentMethod',
        summary: 'Add a card',
        description: `A card from the provider's token: built-in, a btok_… from POST payments/builtin/tokens of this tenant, used once; Stripe, a pm_… confirmed through a SetupIntent. Any other token is 400 '${billing.BILLING_ERRORS.cardTokenInvalid}'; an expired card 400 '${billing.BILLING_ERRORS.cardExpired}'. The first card is primary; \`primary: true\` makes a later one primary. Answers 201 with the card and its path in Location. Needs a recent confirmation (step-up). ${writers}`,
        params: institutionParams,
        body: paymentMethodCreateBody,
        response: { 201: dataOf(paymentMethod).describe('The card'), ...errors },
      },
      config: writeStepUp,
    },
    async (request, reply) => {
      const card = await billing.addPaymentMethod(deps, requireAuth(request), request.params.id, request.body);
      const tenant = requireTenant(request);
      return created(reply, `/tenant/${tenant.slug}/institutions/${request.params.id}/billing/payment-methods/${card._id}`, card);
    },
  );

  r.get(
    `${base}/payment-methods/:paymentMethodId`,
    {
      schema: {
        tags,
        operationId: 'getBillingPaymentMethod',
        summary: 'One card',
        description: `Brand, last four digits, expiry, name on card, whether it is primary. ${readers}`,
        params: methodParams,
        response: { 200: dataOf(paymentMethod).describe('The card'), ...errors },
      },
      config: read,
    },
    async (request) => ({
      data: await billing.getPaymentMethod(deps, requireAuth(request), request.params.id, request.params.paymentMethodId),
    }),
  );

  r.put(
    `${base}/payment-methods/:paymentMethodId`,
    {
      schema: {
        tags,
        operationId: 'updateBillingPaymentMethod',
        summary: 'Edit a card',
        description: `The name on the card or its new expiry (a past expiry is 400 '${billing.BILLING_ERRORS.cardExpired}'). ${writers}`,
        params: methodParams,
        body: paymentMethodUpdateBody,
        response: { 200: dataOf(paymentMethod).describe('The card'), ...errors },
      },
      config: write,
    },
    async (request) => ({
      data: await billing.updatePaymentMethod(deps, requireAuth(request), request.params.id, request.params.paymentMethodId, request.body),
    }),
  );

  r.delete(
    `${base}/payment-methods/:paymentMethodId`,
    {
      schema: {
        tags,
        operationId: 'deleteBillingPaymentMethod',
        summary: 'Delete a card',
        description: `Removes the card (and detaches it at the provider). The primary card cannot go while others remain: 409 '${BILLING_TEXTS.primaryDeleteRefused}'; the last card can. Needs a recent confirmation (step-up). ${writers}`,
        params: methodParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: writeStepUp,
    },
    async (request, reply) => {
      await billing.deletePaymentMethod(deps, requireAuth(request), request.params.id, request.params.paymentMethodId);
      return reply.status(204).send(null);
    },
  );

  r.put(
    `${base}/payment-methods/:paymentMethodId/primary`,
    {
      schema: {
        tags,
        operationId: 'setBillingPrimaryPaymentMethod',
        summary: 'Make a card primary',
        description: `Invoices are charged to the primary card; exactly one card of the institution is primary. ${writers}`,
        params: methodParams,
        response: { 200: dataOf(paymentMethod).describe('The card'), ...errors },
      },
      config: write,
    },
    async (request) => ({
      data: await billing.setPrimaryPaymentMethod(deps, requireAuth(request), request.params.id, request.params.paymentMethodId),
    }),
  );

  r.post(
    '/payments/builtin/tokens',
    {
      schema: {
        tags,
        operationId: 'createBuiltinCardToken',
        summary: "The built-in provider's card vault",
        description: `The offline stand-in for Stripe.js: checks the card number (Luhn: 400 '${billing.BILLING_ERRORS.cardNumberInvalid}'), its brand and the expiry (400 '${billing.BILLING_ERRORS.cardExpired}'), and keeps brand, last four digits, expiry and name under a one-use token for POST …/billing/payment-methods. The number and CVC are neither stored nor logged. Test cards: 4242 4242 4242 4242 is charged, 4000 0000 0000 0002 always declined. At most ${CARD_TOKEN_LIMIT.max} tokens per person per 15 minutes (429). 404 when the payment provider is not the built-in one. Any signed-in user of the host's tenant.`,
        body: builtinCardBody,
        response: { 201: dataOf(builtinCardToken).describe('The token, with the card facts kept'), ...errorResponses(400, 401, 404, 429) },
      },
      config: { access: signedIn },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await tokenLimiter.hit(auth.user.id);
      void reply.status(201);
      return { data: await billing.createCardToken(deps, auth, request.body) };
    },
  );

  // Stripe's webhook: the signature covers the bytes as sent, so this scope keeps them (and parses the JSON itself).
  await app.register(async (webhook) => {
    keepRawJsonBody(webhook);
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/billing/stripe/webhook',
      {
        schema: {
          tags,
          operationId: 'receiveStripeWebhook',
          summary: "Stripe's webhook",
          description:
            "Stripe's events (invoice.paid, invoice.payment_failed, customer.subscription.updated and .deleted). The Stripe-Signature header (t=…,v1=… HMAC-SHA256 of `t.body` with STRIPE_WEBHOOK_SECRET, within 5 minutes) must verify over the raw body: 400 with no detail otherwise. Each event id is applied once; a redelivery answers `duplicate: true`. The institution comes from the object's metadata; other events are acknowledged and ignored. Public (Stripe calls it); only when PAYMENTS_PROVIDER=stripe (404 otherwise).",
          response: { 200: dataOf(webhookReceipt).describe('The event was taken'), ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return {
          data: await billing.receiveStripeWebhook(
            deps,
            request.rawBody ?? Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          ),
        };
      },
    );
  });
}
