import { z } from 'zod';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { email } from './validation.ts';

/**
 * Billing (issue #23, 002 §2/§3/§7): an institution pays for the platform on a plan (trial, core, pro), billed monthly
 * or yearly. Prices, limits and features come from configuration (`billing/pricing`); money is always an integer
 * number of cents of `currency`. Card numbers never reach this platform's database: the payment provider (Stripe, or
 * the built-in provider standing in for one) turns card details into a token, and we keep the token, brand, last four
 * digits and expiry only.
 */

export const BILLING_EXAMPLE_IDS = {
  institution: '6745a1c2e4b0a1b2c3d4e5c1',
  invoice: '6745a1c2e4b0a1b2c3d4e701',
  paymentMethod: '6745a1c2e4b0a1b2c3d4e702',
  user: '6745a1c2e4b0a1b2c3d4e5f6',
} as const;

/** 000 §3 Plan. */
export const billingPlan = z.enum(['trial', 'core', 'pro']);
export type BillingPlan = z.infer<typeof billingPlan>;
export const billingPlanLabels: Record<BillingPlan, string> = { trial: 'Trial', core: 'Core', pro: 'Pro' };

/** The plans one can choose (trial is where every institution starts, never chosen). */
export const paidPlan = z.enum(['core', 'pro']);
export type PaidPlan = z.infer<typeof paidPlan>;

export const billingInterval = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingInterval>;
export const billingIntervalLabels: Record<BillingInterval, string> = { month: 'Monthly', year: 'Yearly' };

/** What a plan limits. `null` in a plan's limits means unlimited. */
export const planLimitKey = z.enum(['offers', 'seats']);
export type PlanLimitKey = z.infer<typeof planLimitKey>;
export const planLimitLabels: Record<PlanLimitKey, string> = { offers: 'Offers', seats: 'Team seats' };

/** Which payment provider an institution's billing runs on (configuration: PAYMENTS_PROVIDER, default builtin). */
export const paymentProviderKind = z.enum(['builtin', 'stripe']);
export type PaymentProviderKind = z.infer<typeof paymentProviderKind>;

const cents = z.number().int().describe('An amount in cents of the currency');

export const planLimits = z.object({ offers: z.number().int().min(0).nullable(), seats: z.number().int().min(0).nullable() });
export type PlanLimits = z.infer<typeof planLimits>;

export const pricingPlan = z
  .object({
    plan: billingPlan,
    name: z.string(),
    description: z.string(),
    prices: z.object({ month: cents, year: cents }).describe('The price per billing interval, in cents (0 for the trial)'),
    limits: planLimits.describe('How many of each the plan allows; null means unlimited'),
    features: z.array(z.string()).describe('What the plan includes, as short sentences for the plan cards'),
  })
  .meta({ id: 'PricingPlan', description: 'One plan as priced in configuration.' });
export type PricingPlan = z.infer<typeof pricingPlan>;

export const pricing = z
  .object({
    currency: z.string().length(3).describe('ISO 4217, lower case (usd)'),
    trialDays: z.number().int().min(0),
    provider: paymentProviderKind,
    /** Stripe's publishable key when provider is stripe (the web collects cards with Stripe.js); null otherwise. */
    publishableKey: z.string().nullable(),
    plans: z.array(pricingPlan),
  })
  .meta({
    id: 'Pricing',
    description: 'The plans with their prices, limits and features, the trial length and the payment provider in use.',
    examples: [
      {
        currency: 'usd',
        trialDays: 14,
        provider: 'builtin',
        publishableKey: null,
        plans: [
          {
            plan: 'trial',
            name: 'Trial',
            description: 'Everything you need to try the platform with one raise.',
            prices: { month: 0, year: 0 },
            limits: { offers: 3, seats: 5 },
            features: ['Up to 3 offers', 'Up to 5 team seats', 'Leads CRM'],
          },
          {
            plan: 'core',
            name: 'Core',
            description: 'For a sponsor raising on several offers.',
            prices: { month: 49_900, year: 499_000 },
            limits: { offers: 25, seats: 25 },
            features: ['Up to 25 offers', 'Up to 25 team seats', 'Webhooks and API keys'],
          },
        ],
      },
    ],
  });
export type Pricing = z.infer<typeof pricing>;

/** Where an institution's subscription stands. `trial-ended`: the trial is over and no plan was chosen. */
export const subscriptionStatus = z.enum(['trialing', 'trial-ended', 'active', 'past-due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  'trial-ended': 'Trial ended',
  active: 'Active',
  'past-due': 'Past due',
  canceled: 'Canceled',
};

export const billingPlanState = z
  .object({
    institution: objectId,
    plan: billingPlan,
    interval: billingInterval,
    status: subscriptionStatus,
    provider: paymentProviderKind,
    trialEndsAt: timestamp.nullable(),
    currentPeriodStart: timestamp.nullable(),
    currentPeriodEnd: timestamp.nullable().describe('When the current period ends and the next invoice is issued'),
    creditBalance: cents.describe('Credit from downgrades, taken off the next invoices'),
    limits: planLimits,
    usage: z.object({ offers: z.number().int(), seats: z.number().int() }).describe('What the institution uses of each limit now'),
    canManage: z.boolean().describe("Whether the caller may change the plan, cards and profile (tenant owners and the team's owners)"),
    updatedAt: timestamp,
  })
  .meta({
    id: 'BillingPlanState',
    description: "An institution's plan, billing interval, subscription status, period, limits and usage.",
    examples: [
      {
        institution: BILLING_EXAMPLE_IDS.institution,
        plan: 'core',
        interval: 'month',
        status: 'active',
        provider: 'builtin',
        trialEndsAt: null,
        currentPeriodStart: '2026-11-27T00:00:00.000Z',
        currentPeriodEnd: '2026-12-27T00:00:00.000Z',
        creditBalance: 0,
        limits: { offers: 25, seats: 25 },
        usage: { offers: 4, seats: 3 },
        canManage: true,
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type BillingPlanState = z.infer<typeof billingPlanState>;

/** PUT …/billing/plan. */
export const planChangeBody = z
  .object({ plan: paidPlan, interval: billingInterval.default('month') })
  .strict()
  .meta({ id: 'PlanChange', description: 'The plan and billing interval to move to.', examples: [{ plan: 'core', interval: 'month' }] });
export type PlanChangeInput = z.input<typeof planChangeBody>;

/** GET …/billing/plan/proration?plan=&interval=: what a change would cost, shown before confirming. */
export const prorationQuery = z.object({
  plan: paidPlan.describe('The plan to move to: core or pro'),
  interval: billingInterval.default('month').describe('The billing interval to move to: month (the default) or year'),
});

export const invoiceLine = z
  .object({
    description: z.string(),
    quantity: z.number().int().min(1),
    unitAmount: cents,
    amount: cents.describe('quantity × unitAmount; negative for a credit'),
    periodStart: timestamp.nullable(),
    periodEnd: timestamp.nullable(),
  })
  .meta({ id: 'InvoiceLine', description: 'One line of an invoice: a plan period, a proration credit or charge, or a credit applied.' });
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const prorationPreview = z
  .object({
    fromPlan: billingPlan,
    fromInterval: billingInterval,
    plan: paidPlan,
    interval: billingInterval,
    currency: z.string(),
    effectiveAt: timestamp,
    periodStart: timestamp,
    periodEnd: timestamp,
    lines: z.array(invoiceLine).describe('The credit for the unused time of the current plan and the charge for the new one'),
    credit: cents.describe('The unused time of the current plan, as a positive number'),
    charge: cents.describe('The new plan from now to the end of the period'),
    total: cents.describe('charge − credit − credit balance used; what is invoiced now (0 when a downgrade leaves credit)'),
    creditAfter: cents.describe('Credit balance left after the change (a downgrade adds to it)'),
  })
  .meta({
    id: 'ProrationPreview',
    description:
      'What changing plan now would invoice: a credit for the unused time of the current plan and a charge for the rest of the period on the new one.',
    examples: [
      {
        fromPlan: 'core',
        fromInterval: 'month',
        plan: 'pro',
        interval: 'month',
        currency: 'usd',
        effectiveAt: '2026-12-12T00:00:00.000Z',
        periodStart: '2026-11-27T00:00:00.000Z',
        periodEnd: '2026-12-27T00:00:00.000Z',
        lines: [
          {
            description: 'Unused time on Core (monthly)',
            quantity: 1,
            unitAmount: -24_950,
            amount: -24_950,
            periodStart: '2026-12-12T00:00:00.000Z',
            periodEnd: '2026-12-27T00:00:00.000Z',
          },
          {
            description: 'Remaining time on Pro (monthly)',
            quantity: 1,
            unitAmount: 74_950,
            amount: 74_950,
            periodStart: '2026-12-12T00:00:00.000Z',
            periodEnd: '2026-12-27T00:00:00.000Z',
          },
        ],
        credit: 24_950,
        charge: 74_950,
        total: 50_000,
        creditAfter: 0,
      },
    ],
  });
export type ProrationPreview = z.infer<typeof prorationPreview>;

export const invoiceStatus = z.enum(['open', 'paid', 'void', 'uncollectible']);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** How an invoice is collected: charged to the primary card, or paid by bank transfer against the invoice. */
export const invoiceCollection = z.enum(['card', 'bank-transfer']);
export type InvoiceCollection = z.infer<typeof invoiceCollection>;

export const invoice = z
  .object({
    _id: objectId,
    number: z.string().describe('Sequential per organization and year: INV-2026-00001'),
    institution: objectId,
    status: invoiceStatus,
    collection: invoiceCollection,
    provider: paymentProviderKind,
    currency: z.string(),
    periodStart: timestamp,
    periodEnd: timestamp,
    lines: z.array(invoiceLine),
    subtotal: cents,
    total: cents,
    amountPaid: cents,
    amountDue: cents,
    issuedAt: timestamp,
    dueAt: timestamp,
    paidAt: timestamp.nullable(),
    paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable().describe('The card it was charged to, if any'),
    /** The built-in provider's bank-transfer instructions (reference to quote), null for cards. */
    paymentReference: z.string().nullable(),
  })
  .meta({
    id: 'Invoice',
    description: 'An invoice of an institution: number, period, lines, amounts, status; its PDF is at …/invoices/{invoiceId}/pdf.',
    examples: [
      {
        _id: BILLING_EXAMPLE_IDS.invoice,
        number: 'INV-2026-00001',
        institution: BILLING_EXAMPLE_IDS.institution,
        status: 'paid',
        collection: 'card',
        provider: 'builtin',
        currency: 'usd',
        periodStart: '2026-11-27T00:00:00.000Z',
        periodEnd: '2026-12-27T00:00:00.000Z',
        lines: [
          {
            description: 'Core (monthly)',
            quantity: 1,
            unitAmount: 49_900,
            amount: 49_900,
            periodStart: '2026-11-27T00:00:00.000Z',
            periodEnd: '2026-12-27T00:00:00.000Z',
          },
        ],
        subtotal: 49_900,
        total: 49_900,
        amountPaid: 49_900,
        amountDue: 0,
        issuedAt: '2026-11-27T09:30:00.000Z',
        dueAt: '2026-11-27T09:30:00.000Z',
        paidAt: '2026-11-27T09:30:00.000Z',
        paymentMethod: { brand: 'visa', last4: '4242' },
        paymentReference: null,
      },
    ],
  });
export type Invoice = z.infer<typeof invoice>;

export const invoiceListQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1).describe('The page to answer, from 1'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be at most 100')
    .default(20)
    .describe('How many invoices a page holds, 1 to 100 (default 20)'),
  status: invoiceStatus.optional().describe('Only invoices with this status'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const BILLING_LIMITS = {
  company: 200,
  taxId: 40,
  addressLine: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  holderName: 120,
} as const;

export const billingAddress = z.object({
  line1: z.string().trim().max(BILLING_LIMITS.addressLine).default(''),
  line2: z.string().trim().max(BILLING_LIMITS.addressLine).default(''),
  city: z.string().trim().max(BILLING_LIMITS.city).default(''),
  state: z.string().trim().max(BILLING_LIMITS.state).default(''),
  postalCode: z.string().trim().max(BILLING_LIMITS.postalCode).default(''),
  country: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, 'Country must be a two-letter ISO code, such as US')
    .default(''),
});
export type BillingAddress = z.infer<typeof billingAddress>;

export const billingProfile = z
  .object({
    company: z.string(),
    email: z.string().describe('Where invoices are sent'),
    taxId: z.string(),
    address: billingAddress,
    provider: paymentProviderKind,
    syncedAt: timestamp.nullable().describe("When the profile was last sent to the payment provider's customer record"),
    updatedAt: timestamp.nullable(),
  })
  .meta({
    id: 'BillingProfile',
    description: 'Who invoices are made out to: company, billing e-mail, tax id and address.',
    examples: [
      {
        company: 'Summit Ridge Capital LLC',
        email: 'billing@summitridge.example',
        taxId: 'US12-3456789',
        address: { line1: '1 Market St', line2: 'Suite 300', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
        provider: 'builtin',
        syncedAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type BillingProfile = z.infer<typeof billingProfile>;

/** PUT tenant/{t}/institutions/{id}/billing (002 §7): the billing profile. */
export const billingProfileBody = z
  .object({
    company: z.string().trim().min(1, 'Company is required').max(BILLING_LIMITS.company),
    email: email,
    taxId: z.string().trim().max(BILLING_LIMITS.taxId).default(''),
    address: billingAddress,
  })
  .strict()
  .meta({
    id: 'BillingProfileUpdate',
    description: 'The billing profile as a whole.',
    examples: [
      {
        company: 'Summit Ridge Capital LLC',
        email: 'billing@summitridge.example',
        taxId: 'US12-3456789',
        address: { line1: '1 Market St', line2: 'Suite 300', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' },
      },
    ],
  });
export type BillingProfileInput = z.input<typeof billingProfileBody>;

export const cardBrand = z.enum(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown']);
export type CardBrand = z.infer<typeof cardBrand>;
export const cardBrandLabels: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export const paymentMethod = z
  .object({
    _id: objectId,
    institution: objectId,
    provider: paymentProviderKind,
    brand: cardBrand,
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    holderName: z.string(),
    primary: z.boolean().describe('The card invoices are charged to; exactly one of an institution’s cards is primary'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'PaymentMethod',
    description:
      "A card as the payment provider described it: brand, last four digits, expiry. The card number never reaches this platform's database.",
    examples: [
      {
        _id: BILLING_EXAMPLE_IDS.paymentMethod,
        institution: BILLING_EXAMPLE_IDS.institution,
        provider: 'builtin',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2029,
        holderName: 'Dana Whitfield',
        primary: true,
        createdAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type PaymentMethod = z.infer<typeof paymentMethod>;

/**
 * POST …/billing/payment-methods: the provider's token for a card the browser sent straight to the provider
 * (Stripe: a PaymentMethod id `pm_…` confirmed through a SetupIntent; built-in: a `btok_…` from POST payments/builtin/tokens).
 */
export const paymentMethodCreateBody = z
  .object({
    token: z.string().trim().min(1, 'Token is required').max(255),
    primary: z.boolean().default(false).describe('Make it the primary card (the first card always is)'),
  })
  .strict()
  .meta({
    id: 'PaymentMethodCreate',
    description: 'A card token from the payment provider; never a card number.',
    examples: [{ token: 'btok_3f9a1c0d7e5b4a2f8c6d1e0b', primary: true }],
  });
export type PaymentMethodCreateInput = z.input<typeof paymentMethodCreateBody>;

/** PUT …/billing/payment-methods/{id}: what may change on a card without re-entering it. */
export const paymentMethodUpdateBody = z
  .object({
    holderName: z.string().trim().min(1, 'Name on card is required').max(BILLING_LIMITS.holderName).optional(),
    expMonth: z.number().int().min(1, 'Month must be 1 to 12').max(12, 'Month must be 1 to 12').optional(),
    expYear: z.number().int().min(2000).max(2100).optional(),
  })
  .strict()
  .meta({ id: 'PaymentMethodUpdate', description: 'The name on the card or its new expiry.', examples: [{ expMonth: 1, expYear: 2031 }] });
export type PaymentMethodUpdateInput = z.input<typeof paymentMethodUpdateBody>;

/** POST …/billing/payment-methods/setup-intent (Stripe only): the client secret Stripe.js confirms a card with. */
export const setupIntent = z.object({ provider: paymentProviderKind, clientSecret: z.string().nullable() }).meta({
  id: 'SetupIntent',
  description: "A Stripe SetupIntent's client secret for Stripe.js; null with the built-in provider.",
  examples: [{ provider: 'stripe', clientSecret: 'seti_1QJd2kJvEtkwdCNY0aFz3bXq_secret_R5hG7tYpLkq2mN8vX0cB4dE6fH1jK3l' }],
});

/**
 * POST payments/builtin/tokens: the built-in provider's card vault, the offline stand-in for Stripe.js. It checks the
 * number (Luhn, brand), keeps brand, last four and expiry under a token, and forgets the number and the CVC.
 */
export const builtinCardBody = z
  .object({
    number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')),
    expMonth: z.number().int().min(1, 'Month must be 1 to 12').max(12, 'Month must be 1 to 12'),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
    holderName: z.string().trim().min(1, 'Name on card is required').max(BILLING_LIMITS.holderName),
  })
  .strict()
  .meta({
    id: 'BuiltinCard',
    description: "A card for the built-in payment provider's vault (sent by the browser, never stored).",
    examples: [{ number: '4242 4242 4242 4242', expMonth: 12, expYear: 2029, cvc: '123', holderName: 'Dana Whitfield' }],
  });
export type BuiltinCardInput = z.input<typeof builtinCardBody>;

export const builtinCardToken = z
  .object({ token: z.string(), brand: cardBrand, last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
  .meta({
    id: 'BuiltinCardToken',
    description: 'The token standing for the card, to send to POST …/billing/payment-methods.',
    examples: [{ token: 'btok_3f9a1c0d7e5b4a2f8c6d1e0b', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 }],
  });
export type BuiltinCardToken = z.infer<typeof builtinCardToken>;

/**
 * The built-in provider's test cards (the same numbers Stripe's test mode uses): 4242… is charged, 4000 0000 0000 0002
 * is declined on every charge, so a declined payment can be tried offline.
 */
export const BUILTIN_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const BILLING_TEXTS = {
  updated: 'billing updated',
  planChanged: 'Plan updated',
  paymentMethodAdded: 'Payment method added',
  paymentMethodUpdated: 'Payment method updated',
  paymentMethodDeleted: 'Payment method deleted',
  primarySet: 'Primary payment method updated',
  invoicePaid: 'Invoice marked as paid',
  profileSynced: 'Billing profile synced',
  cardDeclined: 'Your card was declined. Use another card or pay the invoice by bank transfer.',
  primaryDeleteRefused: 'Make another card primary before deleting this one',
  noPlanChange: 'The institution is already on this plan and billing interval',
  managersOnly: "Only the owners of the institution's team and the organization owners can change billing.",
  paymentFormUnavailable: 'The payment form could not load. Check your connection and try again.',
} as const;

/** The message a plan limit answers with (403), naming the limit and the way up. */
export function planLimitMessage(planName: string, key: PlanLimitKey, limit: number): string {
  const what = key === 'offers' ? (limit === 1 ? 'offer' : 'offers') : limit === 1 ? 'team seat' : 'team seats';
  return `The ${planName} plan allows ${limit} ${what}. Upgrade the institution's plan in Settings → Billing to add more.`;
}
export const TRIAL_ENDED_MESSAGE = "The institution's trial has ended. Choose a plan in Settings → Billing to continue.";

export function formatMoney(amountCents: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amountCents / 100);
}

/** The answer to PUT …/billing/plan: the new plan state and the invoice the change issued (null when nothing is due). */
export const planChangeResult = z.object({ plan: billingPlanState, invoice: invoice.nullable() }).meta({
  id: 'PlanChangeResult',
  description: 'The plan after the change, and the invoice it issued if any.',
  examples: [
    {
      plan: (billingPlanState.meta()?.examples as BillingPlanState[])[0]!,
      invoice: (invoice.meta()?.examples as Invoice[])[0]!,
    },
  ],
});
export type PlanChangeResult = z.infer<typeof planChangeResult>;
