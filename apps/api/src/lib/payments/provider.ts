import type {
  BillingAddress,
  BillingInterval,
  CardBrand,
  InvoiceCollection,
  InvoiceLine,
  PaidPlan,
  PaymentProviderKind,
} from '@tessera/domain';

/**
 * The payments interface (issue #23): what billing asks of a payment provider. Two implementations, picked by
 * PAYMENTS_PROVIDER: the built-in provider (offline; cards from its own vault, builtin_card_tokens; bank-transfer
 * invoices marked paid by a tenant owner) and Stripe (stripe-provider.ts). Billing keeps its own invoices (numbers,
 * lines, proration); a provider collects them.
 */

/** Where an account's objects at the provider are labelled, so a webhook can find the institution again. */
export interface AccountRef {
  tenantId: string;
  institutionId: string;
}

export interface CustomerProfile {
  company: string;
  email: string;
  taxId: string;
  address: BillingAddress;
}

/** A card as the provider describes it: never its number. */
export interface CardFacts {
  /** The provider's reference: the built-in token, or Stripe's pm_…. */
  ref: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface InvoiceToCollect {
  /** Our invoice id (the idempotency key of the provider calls). */
  invoiceId: string;
  number: string;
  currency: string;
  lines: InvoiceLine[];
  total: number;
  collection: InvoiceCollection;
  /** The card to charge when collection is 'card'. */
  cardRef: string | null;
  daysUntilDue: number;
}

/** paid: charged; open: waiting for a transfer (or the provider's own collection); declined: the card was refused. */
export interface CollectResult {
  status: 'paid' | 'open' | 'declined';
  providerInvoiceId: string | null;
}

export interface PaymentsProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe's publishable key for Stripe.js; null for the built-in provider. */
  readonly publishableKey: string | null;
  /** The provider's customer for the account, made when missing (its id; null when the provider has no customers). */
  ensureCustomer(account: AccountRef, customerId: string | null, profile: CustomerProfile): Promise<string | null>;
  /** Sends the billing profile to the provider's customer record. */
  syncProfile(customerId: string | null, profile: CustomerProfile): Promise<void>;
  /** A client secret the browser confirms a card with (Stripe.js); null for the built-in provider. */
  createSetupIntent(account: AccountRef, customerId: string | null): Promise<string | null>;
  /** Turns a token the browser got from the provider into card facts, attached to the customer. Throws 400 when not valid. */
  attachPaymentMethod(account: AccountRef, customerId: string | null, token: string): Promise<CardFacts & { declines: boolean }>;
  detachPaymentMethod(ref: string): Promise<void>;
  /** Marks the card the one the provider charges by default. */
  setDefaultPaymentMethod(customerId: string | null, ref: string): Promise<void>;
  /** Issues our invoice at the provider and collects it (charges the card, or leaves it open for a transfer). */
  collectInvoice(account: AccountRef, customerId: string | null, invoice: InvoiceToCollect, declines: boolean): Promise<CollectResult>;
  /** Keeps the provider's subscription on the plan; its id (null when the provider keeps none). */
  syncSubscription(
    account: AccountRef,
    customerId: string | null,
    subscriptionId: string | null,
    plan: { plan: PaidPlan; interval: BillingInterval; periodEnd: Date },
  ): Promise<string | null>;
  /** Ends the provider's subscription. */
  cancelSubscription(subscriptionId: string | null): Promise<void>;
}
