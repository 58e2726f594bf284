import type {
  BillingAddress,
  BillingInterval,
  BillingPlan,
  CardBrand,
  InvoiceCollection,
  InvoiceLine,
  InvoiceStatus,
  PaymentProviderKind,
  SubscriptionStatus,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An institution's billing account (issue #23): its subscription (plan, interval, status, period, credit) and its
 * billing profile, one row per institution, made when the institution is first read for billing (a trial from the
 * institution's creation). Money is in integer cents. `institution_id` points at a tenant row without a foreign key,
 * as leads do; the billing service deletes with its institution.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    institutionId: objectIdColumn('institution_id').notNull(),
    plan: text('plan').$type<BillingPlan>().notNull().default('trial'),
    interval: text('interval').$type<BillingInterval>().notNull().default('month'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('trialing'),
    provider: text('provider').$type<PaymentProviderKind>().notNull().default('builtin'),
    trialEndsAt: at('trial_ends_at'),
    currentPeriodStart: at('current_period_start'),
    currentPeriodEnd: at('current_period_end'),
    creditBalance: integer('credit_balance').notNull().default(0),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    address: jsonb('address').$type<BillingAddress>(),
    syncedAt: at('synced_at'),
    profileUpdatedAt: at('profile_updated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.institutionId] }),
    index('billing_accounts_period_end_idx').on(t.currentPeriodEnd),
    index('billing_accounts_customer_idx').on(t.providerCustomerId),
  ],
);
export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** Invoices, numbered without gaps per tenant and year (billing_invoice_counters). Lines are kept as issued. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id').notNull(),
    number: text('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    collection: text('collection').$type<InvoiceCollection>().notNull(),
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    currency: text('currency').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    total: integer('total').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    issuedAt: at('issued_at').notNull(),
    dueAt: at('due_at').notNull(),
    paidAt: at('paid_at'),
    paidBy: objectIdColumn('paid_by'),
    paymentMethodId: objectIdColumn('payment_method_id'),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardLast4: text('card_last4'),
    paymentReference: text('payment_reference'),
    /** The billing profile as it was when the invoice was issued (company, address, tax id), for the PDF. */
    billTo: jsonb('bill_to').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('billing_invoices_number_key').on(t.tenantId, t.number),
    index('billing_invoices_institution_idx').on(t.tenantId, t.institutionId, t.issuedAt),
    index('billing_invoices_provider_idx').on(t.providerInvoiceId),
  ],
);
export type BillingInvoiceRow = typeof billingInvoices.$inferSelect;

/** The last invoice number given per tenant and year: taken with UPDATE … RETURNING in the invoice's transaction. */
export const billingInvoiceCounters = pgTable(
  'billing_invoice_counters',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.year] })],
);

/** Cards as the payment provider described them: its reference (token or pm_…), brand, last four, expiry. Never a number. */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id').notNull(),
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('billing_payment_methods_institution_idx').on(t.tenantId, t.institutionId, t.createdAt),
    uniqueIndex('billing_payment_methods_primary_key').on(t.tenantId, t.institutionId).where(sql`${t.isPrimary}`),
  ],
);
export type BillingPaymentMethodRow = typeof billingPaymentMethods.$inferSelect;

/**
 * The built-in payment provider's card vault: what a token stands for. Not the number, not the CVC: the provider
 * checks them and forgets them. A token is used once, by the payment method made from it.
 */
export const builtinCardTokens = pgTable(
  'builtin_card_tokens',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** The test card that declines every charge (4000 0000 0000 0002), as Stripe's test mode has it. */
    declines: boolean('declines').notNull().default(false),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.token] })],
);
export type BuiltinCardTokenRow = typeof builtinCardTokens.$inferSelect;

/** Payment-provider webhook events already applied (Stripe's event ids), so a redelivery changes nothing. Outside tenancy. */
export const billingProviderEvents = pgTable(
  'billing_provider_events',
  {
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    tenantId: objectIdColumn('tenant_id'),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
