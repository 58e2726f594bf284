import {
  BILLING_TEXTS,
  billingIntervalLabels,
  BUILTIN_TEST_CARDS,
  diffChanges,
  formatMoney,
  planLimitMessage,
  TRIAL_ENDED_MESSAGE,
  userDisplayName,
  type BillingInterval,
  type BillingPlanState,
  type BillingProfile,
  type BuiltinCardToken,
  type Invoice,
  type InvoiceLine,
  type InvoiceListQuery,
  type List,
  type PageQuery,
  type PaidPlan,
  type PaymentMethod,
  type PlanChangeResult,
  type PlanLimitKey,
  type ProrationPreview,
  type SubscriptionStatus,
  type billingProfileBody,
  type builtinCardBody,
  type paymentMethodCreateBody,
  type paymentMethodUpdateBody,
} from '@tessera/domain';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  billingAccounts,
  institutions,
  type BillingAccountRow,
  type BillingInvoiceRow,
  type InstitutionRow,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/scope.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { brandOf, luhnValid } from '../../lib/payments/builtin-provider.ts';
import { DEFAULT_PRICING, planOf, type PricingConfig } from '../../lib/payments/pricing.ts';
import type { AccountRef, PaymentsProvider } from '../../lib/payments/provider.ts';
import { verifyStripeSignature } from '../../lib/payments/stripe-provider.ts';
import { systemClock } from '../../lib/clock.ts';
import { requireInstitution, isTenantOwner } from '../institutions/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { addInterval, quotePlanChange, quoteRenewal, toPreview, type CurrentPlan } from './proration.ts';
import * as repo from './billing.repository.ts';

/** The invoice.paid webhook, written in the transaction that marks the invoice paid (modules/webhooks' outbox). */
async function invoicePaid(
  tx: DbOrTx,
  ref: { tenantId: string; institutionId: string },
  paid: { id: string; number: string; total: number; currency: string; paidAt: Date },
): Promise<void> {
  await emitWebhookEvent(tx, {
    tenantId: ref.tenantId,
    institutionId: ref.institutionId,
    type: 'invoice.paid',
    data: {
      invoice: {
        _id: paid.id,
        number: paid.number,
        institution: ref.institutionId,
        total: paid.total,
        currency: paid.currency,
        paidAt: paid.paidAt.toISOString(),
      },
    },
  });
}

export interface BillingDeps {
  db: Db;
  clock: Clock;
  pricing: PricingConfig;
  provider: PaymentsProvider;
  /** Stripe's webhook secret (null with the built-in provider). */
  webhookSecret: string | null;
}

const DAY_MS = 86_400_000;
/** How long a bank-transfer invoice gives to pay. */
export const BANK_TRANSFER_DAYS = 14;
/** At most this many missed periods are invoiced in one catch-up (an account untouched for years). */
const MAX_RENEWALS = 36;

export const BILLING_READERS_ONLY =
  "Only the owners and editors of the institution's team (and the organization owners) can see its billing";
export const BILLING_WRITERS_ONLY = "Only the owners of the institution's team (and the organization owners) can change its billing";
export const MARK_PAID_OWNERS_ONLY = 'Only the organization owners can mark an invoice as paid';
export const BILLING_ERRORS = {
  cardTokenInvalid: 'This card token is not valid',
  cardNumberInvalid: 'This card number is not valid',
  cardExpired: 'This card has expired',
  notOpen: 'Only an open invoice can be marked as paid',
  providerPaysItself: 'Invoices of this payment provider are paid through the provider, not marked here',
  builtinOnly: 'The built-in card vault is not in use: cards go to the payment provider',
} as const;

// ── Settings for callers outside the billing routes (assertPlanAllows) ───────────────────────

let shared: { pricing: PricingConfig; clock: Clock } = { pricing: DEFAULT_PRICING, clock: systemClock };
/** Set when the billing routes register: the pricing and clock that plan limits are checked with. */
export function configureBilling(settings: { pricing: PricingConfig; clock: Clock }): void {
  shared = settings;
}

// ── Access ─────────────────────────────────────────────────────────────────────────────────

interface Scope {
  auth: AuthContext;
  institution: InstitutionRow;
  isOwner: boolean;
  teamRole: string | null;
  ref: AccountRef;
}

/** Billing reads: the tenant's owners and the team's owners and editors; a GP off the team 404, members and viewers 403. */
async function readScope(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<Scope> {
  const { institution, isOwner, teamRole } = await requireInstitution(db, auth, institutionId);
  if (!isOwner && teamRole !== 'owner' && teamRole !== 'editor') throw forbidden(BILLING_READERS_ONLY);
  return { auth, institution, isOwner, teamRole, ref: { tenantId: auth.tenantId, institutionId } };
}

/** Whether a scope may write billing: the tenant's owners and the team's owners. */
const canManage = (scope: Scope): boolean => scope.isOwner || scope.teamRole === 'owner';

/** Billing writes: the tenant's owners and the team's owners (editors read only: 403). */
async function writeScope(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<Scope> {
  const scope = await readScope(db, auth, institutionId);
  if (!canManage(scope)) throw forbidden(BILLING_WRITERS_ONLY);
  return scope;
}

const actorOf = (auth: AuthContext) => userDisplayName(auth.user);
const planName = (pricing: PricingConfig, plan: BillingAccountRow['plan'], interval: BillingInterval) =>
  plan === 'trial' ? planOf(pricing, 'trial').name : `${planOf(pricing, plan).name} (${billingIntervalLabels[interval].toLowerCase()})`;

async function event(
  tx: DbOrTx,
  ref: AccountRef,
  userId: string | null,
  type: 'create' | 'update' | 'delete' | 'status',
  message: string,
  meta: Record<string, unknown>,
) {
  await recordEvent(tx, {
    tenantId: ref.tenantId,
    type,
    entity: ref.institutionId,
    entityType: 'tenant-institution',
    userId,
    message,
    meta,
  });
}

// ── The account ──────────────────────────────────────────────────────────────────────────

const trialEndOf = (pricing: PricingConfig, createdAt: Date) => new Date(createdAt.getTime() + pricing.trialDays * DAY_MS);

async function findInstitutionRow(db: DbOrTx, tenantId: string, institutionId: string): Promise<InstitutionRow | null> {
  const [row] = await db
    .select()
    .from(institutions)
    .where(and(eq(institutions.tenantId, tenantId), eq(institutions.id, institutionId)));
  return row ?? null;
}

/**
 * The institution's account, locked for the transaction, made on first use (a trial from the institution's creation),
 * brought up to date: a trial past its end becomes trial-ended; a paid period that ended is renewed (its invoice issued),
 * once per period however often this runs. Call inside a transaction.
 */
async function currentAccount(
  tx: DbOrTx,
  deps: BillingDeps,
  institution: InstitutionRow,
  userId: string | null,
): Promise<BillingAccountRow> {
  const ref = { tenantId: institution.tenantId, institutionId: institution.id };
  let account = await repo.findAccount(tx, ref.tenantId, ref.institutionId, true);
  if (!account) {
    await repo.insertAccountIfMissing(tx, {
      ...ref,
      plan: 'trial',
      interval: 'month',
      status: 'trialing',
      provider: deps.provider.kind,
      trialEndsAt: trialEndOf(deps.pricing, institution.createdAt),
      company: institution.name,
      address: repo.EMPTY_ADDRESS,
    });
    account = (await repo.findAccount(tx, ref.tenantId, ref.institutionId, true))!;
  }
  const now = deps.clock.now();
  if (account.status === 'trialing' && account.trialEndsAt && account.trialEndsAt <= now) {
    account = await repo.updateAccount(tx, ref.tenantId, ref.institutionId, { status: 'trial-ended', updatedAt: now });
    await event(tx, ref, null, 'status', `The trial of ${institution.name} ended`, {
      change: { status: { old: 'trialing', new: 'trial-ended' } },
    });
  }
  return renew(tx, deps, institution, account, userId);
}

/** Issues the invoices of the periods that ended (lazily, on read; idempotent: the period moves on with each). */
async function renew(
  tx: DbOrTx,
  deps: BillingDeps,
  institution: InstitutionRow,
  start: BillingAccountRow,
  userId: string | null,
): Promise<BillingAccountRow> {
  let account = start;
  const now = deps.clock.now();
  // With a Stripe subscription, Stripe renews the plan and its webhook brings the invoice and the new period.
  if (account.providerSubscriptionId) return account;
  for (let i = 0; i < MAX_RENEWALS; i++) {
    if (account.plan === 'trial' || !['active', 'past-due'].includes(account.status)) return account;
    if (!account.currentPeriodEnd || account.currentPeriodEnd > now) return account;
    const quote = quoteRenewal(deps.pricing, account.plan, account.interval, account.currentPeriodEnd, account.creditBalance);
    const ref = { tenantId: account.tenantId, institutionId: account.institutionId };
    account = await repo.updateAccount(tx, ref.tenantId, ref.institutionId, {
      currentPeriodStart: quote.periodStart,
      currentPeriodEnd: quote.periodEnd,
      creditBalance: quote.creditAfter,
      updatedAt: now,
    });
    const issued = await issueInvoice(tx, deps, institution, account, userId, {
      lines: quote.lines,
      subtotal: quote.subtotal,
      total: quote.total,
      periodStart: quote.periodStart,
      periodEnd: quote.periodEnd,
      why: `renewal of ${planName(deps.pricing, account.plan, account.interval)}`,
    });
    account = issued.account;
  }
  return account;
}

const billToOf = (account: BillingAccountRow) => ({
  company: account.company,
  email: account.email,
  taxId: account.taxId,
  address: account.address ?? repo.EMPTY_ADDRESS,
});

const profileOf = (account: BillingAccountRow) => ({
  company: account.company,
  email: account.email,
  taxId: account.taxId,
  address: account.address ?? repo.EMPTY_ADDRESS,
});

/** The provider's customer for the account, made when missing (Stripe); null for the built-in provider. */
async function customerOf(tx: DbOrTx, deps: BillingDeps, account: BillingAccountRow): Promise<string | null> {
  const ref = { tenantId: account.tenantId, institutionId: account.institutionId };
  const id = await deps.provider.ensureCustomer(ref, account.providerCustomerId, profileOf(account));
  if (id && id !== account.providerCustomerId) await repo.updateAccount(tx, ref.tenantId, ref.institutionId, { providerCustomerId: id });
  return id;
}

interface NewInvoice {
  lines: InvoiceLine[];
  subtotal: number;
  total: number;
  periodStart: Date;
  periodEnd: Date;
  why: string;
}

/**
 * Issues an invoice in the caller's transaction: the next number of the tenant and year, the billing profile as it is
 * now (billTo), and collection: charged to the primary card if there is one, else a bank transfer against the
 * invoice number within 14 days. A declined card leaves the invoice open, turned to a bank transfer, and the
 * subscription past due (the plan change itself stands).
 */
async function issueInvoice(
  tx: DbOrTx,
  deps: BillingDeps,
  institution: InstitutionRow,
  account: BillingAccountRow,
  userId: string | null,
  input: NewInvoice,
): Promise<{ invoice: BillingInvoiceRow; account: BillingAccountRow; declined: boolean }> {
  const ref = { tenantId: account.tenantId, institutionId: account.institutionId };
  const now = deps.clock.now();
  const number = await repo.nextInvoiceNumber(tx, ref.tenantId, now.getUTCFullYear());
  const card = await repo.findPrimaryPaymentMethod(tx, ref.tenantId, ref.institutionId);
  const byCard = Boolean(card) && input.total > 0;
  const id = newId();
  const bankDue = new Date(now.getTime() + BANK_TRANSFER_DAYS * DAY_MS);
  let invoice = await repo.insertInvoice(tx, {
    ...ref,
    id,
    number,
    status: 'open',
    collection: byCard ? 'card' : 'bank-transfer',
    provider: deps.provider.kind,
    currency: deps.pricing.currency,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    lines: input.lines,
    subtotal: input.subtotal,
    total: input.total,
    issuedAt: now,
    dueAt: byCard ? now : bankDue,
    paymentMethodId: byCard ? card!.id : null,
    cardBrand: byCard ? card!.brand : null,
    cardLast4: byCard ? card!.last4 : null,
    paymentReference: byCard ? null : number,
    billTo: billToOf(account),
  });
  const declines =
    byCard && deps.provider.kind === 'builtin' ? Boolean((await repo.findCardToken(tx, ref.tenantId, card!.providerRef))?.declines) : false;
  const customer = deps.provider.kind === 'builtin' ? null : await customerOf(tx, deps, account);
  const collected = await deps.provider.collectInvoice(
    ref,
    customer,
    {
      invoiceId: id,
      number,
      currency: deps.pricing.currency,
      lines: input.lines,
      total: input.total,
      collection: invoice.collection,
      cardRef: byCard ? card!.providerRef : null,
      daysUntilDue: BANK_TRANSFER_DAYS,
    },
    declines,
  );
  const amount = formatMoney(input.total, deps.pricing.currency);
  await event(tx, ref, userId, 'create', `Invoice ${number} issued for ${amount} (${input.why})`, {
    invoice: id,
    change: { invoice: { old: null, new: { number, total: input.total, collection: invoice.collection } } },
  });
  let declined = false;
  if (collected.status === 'paid') {
    invoice = await repo.updateInvoice(tx, ref.tenantId, id, {
      status: 'paid',
      amountPaid: input.total,
      paidAt: now,
      providerInvoiceId: collected.providerInvoiceId,
    });
    await invoicePaid(tx, ref, { id, number, total: input.total, currency: deps.pricing.currency, paidAt: now });
    await event(tx, ref, userId, 'status', `Invoice ${number} paid${byCard ? ` by ${card!.brand} ····${card!.last4}` : ''}`, {
      invoice: id,
      change: { status: { old: 'open', new: 'paid' } },
    });
  } else if (collected.status === 'declined') {
    declined = true;
    invoice = await repo.updateInvoice(tx, ref.tenantId, id, {
      collection: 'bank-transfer',
      dueAt: bankDue,
      paymentReference: number,
      providerInvoiceId: collected.providerInvoiceId,
    });
    const old = account.status;
    account = await repo.updateAccount(tx, ref.tenantId, ref.institutionId, { status: 'past-due', updatedAt: now });
    await event(tx, ref, userId, 'status', `The card ${card!.brand} ····${card!.last4} was declined for invoice ${number}`, {
      invoice: id,
      change: { status: { old, new: 'past-due' }, collection: { old: 'card', new: 'bank-transfer' } },
    });
  } else if (collected.providerInvoiceId) {
    invoice = await repo.updateInvoice(tx, ref.tenantId, id, { providerInvoiceId: collected.providerInvoiceId });
  }
  return { invoice, account, declined };
}

// ── Plan state ───────────────────────────────────────────────────────────────────────────

async function planState(tx: DbOrTx, deps: BillingDeps, scope: Scope, account: BillingAccountRow): Promise<BillingPlanState> {
  const now = deps.clock.now();
  const [offers, seats] = await Promise.all([
    repo.countOffers(tx, account.tenantId, account.institutionId),
    repo.countSeats(tx, account.tenantId, account.institutionId, now),
  ]);
  return {
    institution: account.institutionId,
    plan: account.plan,
    interval: account.interval,
    status: account.status,
    provider: account.provider,
    trialEndsAt: account.plan === 'trial' ? (account.trialEndsAt?.toISOString() ?? null) : null,
    currentPeriodStart: account.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
    creditBalance: account.creditBalance,
    limits: planOf(deps.pricing, account.plan).limits,
    usage: { offers, seats },
    canManage: canManage(scope),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function getPricing(deps: BillingDeps) {
  return {
    currency: deps.pricing.currency,
    trialDays: deps.pricing.trialDays,
    provider: deps.provider.kind,
    publishableKey: deps.provider.publishableKey,
    plans: deps.pricing.plans,
  };
}

export async function getPricingFor(deps: BillingDeps, auth: AuthContext, institutionId: string) {
  await readScope(deps.db, auth, institutionId);
  return getPricing(deps);
}

export function getPlan(deps: BillingDeps, auth: AuthContext, institutionId: string): Promise<BillingPlanState> {
  return deps.db.transaction(async (tx) => {
    const scope = await readScope(tx, auth, institutionId);
    return planState(tx, deps, scope, await currentAccount(tx, deps, scope.institution, null));
  });
}

const currentOf = (account: BillingAccountRow): CurrentPlan => ({
  plan: account.plan,
  interval: account.interval,
  currentPeriodStart: account.currentPeriodStart,
  currentPeriodEnd: account.currentPeriodEnd,
  creditBalance: account.creditBalance,
  running: account.status === 'active' || account.status === 'past-due',
});

function refuseSamePlan(account: BillingAccountRow, target: { plan: PaidPlan; interval: BillingInterval }) {
  const running = account.status === 'active' || account.status === 'past-due';
  if (running && account.plan === target.plan && account.interval === target.interval)
    throw new AppError('conflict', BILLING_TEXTS.noPlanChange);
}

export function previewPlanChange(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  target: { plan: PaidPlan; interval: BillingInterval },
): Promise<ProrationPreview> {
  return deps.db.transaction(async (tx) => {
    const scope = await readScope(tx, auth, institutionId);
    const account = await currentAccount(tx, deps, scope.institution, null);
    refuseSamePlan(account, target);
    return toPreview(quotePlanChange(deps.pricing, currentOf(account), target, deps.clock.now()));
  });
}

/**
 * PUT …/billing/plan: the plan changes at once; what `previewPlanChange` showed is invoiced (from a trial or to
 * another interval, a new period from now; mid-period, the difference for the rest of the period). A downgrade
 * invoices nothing and adds the difference to the credit balance.
 */
export async function changePlan(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  target: { plan: PaidPlan; interval: BillingInterval },
): Promise<PlanChangeResult> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    let account = await currentAccount(tx, deps, scope.institution, auth.user.id);
    refuseSamePlan(account, target);
    const now = deps.clock.now();
    const quote = quotePlanChange(deps.pricing, currentOf(account), target, now);
    const before = {
      plan: account.plan,
      interval: account.interval,
      status: account.status,
      currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
      creditBalance: account.creditBalance,
    };
    const status: SubscriptionStatus = account.status === 'past-due' ? 'past-due' : 'active';
    account = await repo.updateAccount(tx, scope.ref.tenantId, institutionId, {
      plan: target.plan,
      interval: target.interval,
      status,
      currentPeriodStart: quote.periodStart,
      currentPeriodEnd: quote.periodEnd,
      creditBalance: quote.creditAfter,
      updatedAt: now,
    });
    const after = {
      plan: account.plan,
      interval: account.interval,
      status: account.status,
      currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
      creditBalance: account.creditBalance,
    };
    await event(
      tx,
      scope.ref,
      auth.user.id,
      'update',
      `${actorOf(auth)} changed the plan of ${scope.institution.name} from ${planName(deps.pricing, before.plan, before.interval)} to ${planName(deps.pricing, target.plan, target.interval)}`,
      { change: diffChanges(before, after) },
    );
    let invoice: BillingInvoiceRow | null = null;
    if (quote.subtotal > 0) {
      const issued = await issueInvoice(tx, deps, scope.institution, account, auth.user.id, {
        lines: quote.lines,
        subtotal: quote.subtotal,
        total: quote.total,
        periodStart: quote.periodStart,
        periodEnd: quote.periodEnd,
        why: `plan change to ${planName(deps.pricing, target.plan, target.interval)}`,
      });
      invoice = issued.invoice;
      account = issued.account;
    }
    if (deps.provider.kind !== 'builtin') {
      const customer = await customerOf(tx, deps, account);
      const subscription = await deps.provider.syncSubscription(scope.ref, customer, account.providerSubscriptionId, {
        plan: target.plan,
        interval: target.interval,
        periodEnd: quote.periodEnd,
      });
      if (subscription !== account.providerSubscriptionId)
        account = await repo.updateAccount(tx, scope.ref.tenantId, institutionId, { providerSubscriptionId: subscription });
    }
    return { plan: await planState(tx, deps, scope, account), invoice: invoice ? repo.toInvoice(invoice) : null };
  });
}

// ── The renewal sweep ────────────────────────────────────────────────────────────────────

/** How often the app looks for periods that ended with nobody reading the account (a read renews lazily too). */
export const RENEWAL_SWEEP_MS = 60 * 60_000;

/**
 * Issues the renewal invoices of every account whose period ended, each in its tenant's scope and its own
 * transaction (the same idempotent renewal a read does: running twice issues nothing more). The number renewed.
 */
export async function renewDueAccounts(deps: BillingDeps): Promise<number> {
  const due = await repo.findDueAccountsUnscoped(deps.db, deps.clock.now());
  let renewed = 0;
  for (const ref of due) {
    await withTenant(ref.tenantId, () =>
      deps.db.transaction(async (tx) => {
        const institution = await findInstitutionRow(tx, ref.tenantId, ref.institutionId);
        if (!institution) return;
        await currentAccount(tx, deps, institution, null);
        renewed++;
      }),
    );
  }
  return renewed;
}

// ── Plan limits ──────────────────────────────────────────────────────────────────────────

/**
 * 403 unless the institution's plan allows one more of `key` (offers, team seats): an ended trial (or canceled plan)
 * allows none, with TRIAL_ENDED_MESSAGE; a full limit answers planLimitMessage(plan, key, limit). Reads only: an
 * institution without a billing account yet is on the trial from its creation.
 */
export async function assertPlanAllows(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  key: PlanLimitKey,
  now: Date = shared.clock.now(),
): Promise<void> {
  const { pricing } = shared;
  const account = await repo.findAccount(db, tenantId, institutionId);
  const plan = account?.plan ?? 'trial';
  let ended = account ? account.status === 'trial-ended' || account.status === 'canceled' : false;
  if (plan === 'trial') {
    const trialEnd =
      account?.trialEndsAt ??
      (await findInstitutionRow(db, tenantId, institutionId).then((i) => (i ? trialEndOf(pricing, i.createdAt) : null)));
    if (trialEnd && trialEnd <= now) ended = true;
  }
  if (ended) throw forbidden(TRIAL_ENDED_MESSAGE);
  const limit = planOf(pricing, plan).limits[key];
  if (limit === null) return;
  const used =
    key === 'offers' ? await repo.countOffers(db, tenantId, institutionId) : await repo.countSeats(db, tenantId, institutionId, now);
  if (used >= limit) throw forbidden(planLimitMessage(planOf(pricing, plan).name, key, limit));
}

/**
 * Puts an institution on a paid plan with a period from `now`, without an invoice: demo data and tests (no route
 * calls it). Replaces whatever account it had.
 */
export async function grantPlan(
  db: DbOrTx,
  ref: AccountRef,
  plan: PaidPlan,
  interval: BillingInterval,
  now: Date,
  provider: 'builtin' | 'stripe' = 'builtin',
): Promise<void> {
  const end = addInterval(now, interval);
  const values = { plan, interval, status: 'active' as const, provider, currentPeriodStart: now, currentPeriodEnd: end, trialEndsAt: null };
  await db
    .insert(billingAccounts)
    .values({ ...ref, ...values, address: repo.EMPTY_ADDRESS })
    .onConflictDoUpdate({ target: [billingAccounts.tenantId, billingAccounts.institutionId], set: values });
}

/**
 * With its institution go its billing account and cards (in the caller's transaction); its invoices stay, numbered
 * financial records of the tenant. A Stripe subscription is not canceled here (no provider call inside the delete).
 */
export async function deleteBillingOfInstitution(db: DbOrTx, tenantId: string, institutionId: string): Promise<void> {
  await repo.deleteBillingOf(db, tenantId, institutionId);
}

// ── Profile ──────────────────────────────────────────────────────────────────────────────

function toProfile(account: BillingAccountRow): BillingProfile {
  return {
    ...profileOf(account),
    provider: account.provider,
    syncedAt: account.syncedAt?.toISOString() ?? null,
    updatedAt: account.profileUpdatedAt?.toISOString() ?? null,
  };
}

export function getProfile(deps: BillingDeps, auth: AuthContext, institutionId: string): Promise<BillingProfile> {
  return deps.db.transaction(async (tx) => {
    const scope = await readScope(tx, auth, institutionId);
    return toProfile(await currentAccount(tx, deps, scope.institution, null));
  });
}

export function updateProfile(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  body: z.output<typeof billingProfileBody>,
): Promise<BillingProfile> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const account = await currentAccount(tx, deps, scope.institution, auth.user.id);
    const change = diffChanges(profileOf(account), body);
    if (Object.keys(change).length === 0) return toProfile(account);
    const now = deps.clock.now();
    const updated = await repo.updateAccount(tx, scope.ref.tenantId, institutionId, {
      company: body.company,
      email: body.email,
      taxId: body.taxId,
      address: body.address,
      profileUpdatedAt: now,
      updatedAt: now,
    });
    await event(tx, scope.ref, auth.user.id, 'update', `${actorOf(auth)} updated the billing profile of ${scope.institution.name}`, {
      change,
    });
    return toProfile(updated);
  });
}

/** POST …/billing/profile/sync: sends the profile to the provider's customer (made if missing); the built-in provider has none. */
export function syncProfile(deps: BillingDeps, auth: AuthContext, institutionId: string): Promise<BillingProfile> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const account = await currentAccount(tx, deps, scope.institution, auth.user.id);
    const existed = account.providerCustomerId;
    const customer = deps.provider.kind === 'builtin' ? null : await customerOf(tx, deps, account);
    if (customer && existed) await deps.provider.syncProfile(customer, profileOf(account));
    const now = deps.clock.now();
    const updated = await repo.updateAccount(tx, scope.ref.tenantId, institutionId, { syncedAt: now, updatedAt: now });
    await event(tx, scope.ref, auth.user.id, 'update', `${actorOf(auth)} synced the billing profile of ${scope.institution.name}`, {
      change: { syncedAt: { old: account.syncedAt?.toISOString() ?? null, new: now.toISOString() } },
    });
    return toProfile(updated);
  });
}

// ── Invoices ─────────────────────────────────────────────────────────────────────────────

export function listInvoices(deps: BillingDeps, auth: AuthContext, institutionId: string, q: InvoiceListQuery): Promise<List<Invoice>> {
  return deps.db.transaction(async (tx) => {
    const scope = await readScope(tx, auth, institutionId);
    await currentAccount(tx, deps, scope.institution, null);
    const { rows, total } = await repo.listInvoices(tx, auth.tenantId, institutionId, {
      limit: q.limit,
      offset: offsetOf(q),
      status: q.status,
    });
    return { data: rows.map(repo.toInvoice), meta: pageMeta(q, total) };
  });
}

async function loadInvoice(db: DbOrTx, auth: AuthContext, institutionId: string, invoiceId: string, lock = false) {
  const row = await repo.findInvoice(db, auth.tenantId, institutionId, invoiceId, lock);
  if (!row) throw notFound('Invoice');
  return row;
}

export async function getInvoice(deps: BillingDeps, auth: AuthContext, institutionId: string, invoiceId: string): Promise<Invoice> {
  await readScope(deps.db, auth, institutionId);
  return repo.toInvoice(await loadInvoice(deps.db, auth, institutionId, invoiceId));
}

/** What the invoice PDF shows (plain data, drawn in a worker thread). */
export async function invoiceDocument(deps: BillingDeps, auth: AuthContext, institutionId: string, invoiceId: string) {
  const scope = await readScope(deps.db, auth, institutionId);
  const row = await loadInvoice(deps.db, auth, institutionId, invoiceId);
  return { invoice: repo.toInvoice(row), billTo: row.billTo ?? {}, institutionName: scope.institution.name };
}

/** POST …/mark-paid: a tenant owner records a bank transfer received (built-in provider; open invoices only). */
export function markInvoicePaid(deps: BillingDeps, auth: AuthContext, institutionId: string, invoiceId: string): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const scope = await readScope(tx, auth, institutionId);
    if (!isTenantOwner(auth)) throw forbidden(MARK_PAID_OWNERS_ONLY);
    const row = await loadInvoice(tx, auth, institutionId, invoiceId, true);
    if (row.provider !== 'builtin') throw new AppError('conflict', BILLING_ERRORS.providerPaysItself);
    if (row.status !== 'open') throw new AppError('conflict', BILLING_ERRORS.notOpen);
    const now = deps.clock.now();
    const paid = await repo.updateInvoice(tx, auth.tenantId, invoiceId, {
      status: 'paid',
      amountPaid: row.total,
      paidAt: now,
      paidBy: auth.user.id,
    });
    await invoicePaid(tx, scope.ref, { id: invoiceId, number: row.number, total: row.total, currency: row.currency, paidAt: now });
    await event(tx, scope.ref, auth.user.id, 'status', `${actorOf(auth)} marked invoice ${row.number} as paid`, {
      invoice: invoiceId,
      change: { status: { old: 'open', new: 'paid' }, amountPaid: { old: row.amountPaid, new: row.total } },
    });
    await settleIfPaidUp(tx, deps, scope.ref, auth.user.id);
    return repo.toInvoice(paid);
  });
}

/** A past-due account with no open invoice left is active again. */
async function settleIfPaidUp(tx: DbOrTx, deps: BillingDeps, ref: AccountRef, userId: string | null) {
  const account = await repo.findAccount(tx, ref.tenantId, ref.institutionId, true);
  if (account?.status !== 'past-due') return;
  const open = await repo.listInvoices(tx, ref.tenantId, ref.institutionId, { limit: 1, offset: 0, status: 'open' });
  if (open.total > 0) return;
  await repo.updateAccount(tx, ref.tenantId, ref.institutionId, { status: 'active', updatedAt: deps.clock.now() });
  await event(tx, ref, userId, 'status', 'The subscription is paid up again', { change: { status: { old: 'past-due', new: 'active' } } });
}

// ── Payment methods ──────────────────────────────────────────────────────────────────────

const cardLabel = (row: { brand: string; last4: string }) => `${row.brand} ····${row.last4}`;
const cardAudit = (row: { brand: string; last4: string; expMonth: number; expYear: number; holderName: string; isPrimary?: boolean }) => ({
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  holderName: row.holderName,
  primary: row.isPrimary ?? false,
});

function expired(expMonth: number, expYear: number, now: Date): boolean {
  return expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

export async function listPaymentMethods(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  q: PageQuery,
): Promise<List<PaymentMethod>> {
  await readScope(deps.db, auth, institutionId);
  const rows = await repo.listPaymentMethods(deps.db, auth.tenantId, institutionId);
  const start = offsetOf(q);
  return { data: rows.slice(start, start + q.limit).map(repo.toPaymentMethod), meta: pageMeta(q, rows.length) };
}

export async function getPaymentMethod(deps: BillingDeps, auth: AuthContext, institutionId: string, id: string): Promise<PaymentMethod> {
  await readScope(deps.db, auth, institutionId);
  const row = await repo.findPaymentMethod(deps.db, auth.tenantId, institutionId, id);
  if (!row) throw notFound('Payment method');
  return repo.toPaymentMethod(row);
}

export function setupIntent(deps: BillingDeps, auth: AuthContext, institutionId: string) {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const account = await currentAccount(tx, deps, scope.institution, auth.user.id);
    if (deps.provider.kind === 'builtin') return { provider: deps.provider.kind, clientSecret: null };
    const customer = await customerOf(tx, deps, account);
    return { provider: deps.provider.kind, clientSecret: await deps.provider.createSetupIntent(scope.ref, customer) };
  });
}

/** POST …/payment-methods: a card from a provider token (built-in: a btok_ of this tenant, used once). The first card is primary. */
export function addPaymentMethod(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  body: z.output<typeof paymentMethodCreateBody>,
): Promise<PaymentMethod> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const account = await currentAccount(tx, deps, scope.institution, auth.user.id);
    const now = deps.clock.now();
    let facts: { ref: string; brand: PaymentMethod['brand']; last4: string; expMonth: number; expYear: number; holderName: string };
    let customer: string | null = null;
    if (deps.provider.kind === 'builtin') {
      const token = /^btok_[0-9a-f]{24}$/.test(body.token) ? await repo.redeemCardToken(tx, auth.tenantId, body.token, now) : null;
      if (!token) throw new AppError('bad-request', BILLING_ERRORS.cardTokenInvalid);
      facts = {
        ref: token.token,
        brand: token.brand,
        last4: token.last4,
        expMonth: token.expMonth,
        expYear: token.expYear,
        holderName: token.holderName,
      };
    } else {
      customer = await customerOf(tx, deps, account);
      facts = await deps.provider.attachPaymentMethod(scope.ref, customer, body.token);
    }
    if (expired(facts.expMonth, facts.expYear, now)) throw new AppError('bad-request', BILLING_ERRORS.cardExpired);
    const existing = await repo.listPaymentMethods(tx, auth.tenantId, institutionId);
    const primary = existing.length === 0 || body.primary;
    const id = newId();
    if (primary) await repo.clearPrimary(tx, auth.tenantId, institutionId, id);
    const row = await repo.insertPaymentMethod(tx, {
      tenantId: auth.tenantId,
      id,
      institutionId,
      provider: deps.provider.kind,
      providerRef: facts.ref,
      brand: facts.brand,
      last4: facts.last4,
      expMonth: facts.expMonth,
      expYear: facts.expYear,
      holderName: facts.holderName,
      isPrimary: primary,
      createdBy: auth.user.id,
    });
    if (primary && deps.provider.kind !== 'builtin') await deps.provider.setDefaultPaymentMethod(customer, facts.ref);
    await event(tx, scope.ref, auth.user.id, 'create', `${actorOf(auth)} added the card ${cardLabel(row)} to ${scope.institution.name}`, {
      paymentMethod: id,
      change: diffChanges({}, cardAudit(row)),
    });
    return repo.toPaymentMethod(row);
  });
}

export function updatePaymentMethod(
  deps: BillingDeps,
  auth: AuthContext,
  institutionId: string,
  id: string,
  body: z.output<typeof paymentMethodUpdateBody>,
): Promise<PaymentMethod> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const row = await repo.findPaymentMethod(tx, auth.tenantId, institutionId, id, true);
    if (!row) throw notFound('Payment method');
    const next = {
      holderName: body.holderName ?? row.holderName,
      expMonth: body.expMonth ?? row.expMonth,
      expYear: body.expYear ?? row.expYear,
    };
    if (expired(next.expMonth, next.expYear, deps.clock.now())) throw new AppError('bad-request', BILLING_ERRORS.cardExpired);
    const change = diffChanges({ holderName: row.holderName, expMonth: row.expMonth, expYear: row.expYear }, next);
    if (Object.keys(change).length === 0) return repo.toPaymentMethod(row);
    const updated = await repo.updatePaymentMethod(tx, auth.tenantId, id, { ...next, updatedAt: deps.clock.now() });
    await event(tx, scope.ref, auth.user.id, 'update', `${actorOf(auth)} updated the card ${cardLabel(row)} of ${scope.institution.name}`, {
      paymentMethod: id,
      change,
    });
    return repo.toPaymentMethod(updated);
  });
}

/** DELETE: the primary card goes only when it is the last one (make another primary first: 409). */
export function deletePaymentMethod(deps: BillingDeps, auth: AuthContext, institutionId: string, id: string): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const row = await repo.findPaymentMethod(tx, auth.tenantId, institutionId, id, true);
    if (!row) throw notFound('Payment method');
    const all = await repo.listPaymentMethods(tx, auth.tenantId, institutionId);
    if (row.isPrimary && all.length > 1) throw new AppError('conflict', BILLING_TEXTS.primaryDeleteRefused);
    await repo.deletePaymentMethod(tx, auth.tenantId, id);
    if (deps.provider.kind !== 'builtin') await deps.provider.detachPaymentMethod(row.providerRef);
    await event(tx, scope.ref, auth.user.id, 'delete', `${actorOf(auth)} deleted the card ${cardLabel(row)} of ${scope.institution.name}`, {
      paymentMethod: id,
      delete: cardAudit(row),
    });
  });
}

export function setPrimaryPaymentMethod(deps: BillingDeps, auth: AuthContext, institutionId: string, id: string): Promise<PaymentMethod> {
  return deps.db.transaction(async (tx) => {
    const scope = await writeScope(tx, auth, institutionId);
    const row = await repo.findPaymentMethod(tx, auth.tenantId, institutionId, id, true);
    if (!row) throw notFound('Payment method');
    if (row.isPrimary) return repo.toPaymentMethod(row);
    const previous = await repo.findPrimaryPaymentMethod(tx, auth.tenantId, institutionId);
    await repo.clearPrimary(tx, auth.tenantId, institutionId, id);
    const updated = await repo.updatePaymentMethod(tx, auth.tenantId, id, { isPrimary: true, updatedAt: deps.clock.now() });
    if (deps.provider.kind !== 'builtin') {
      const account = await repo.findAccount(tx, auth.tenantId, institutionId);
      await deps.provider.setDefaultPaymentMethod(account?.providerCustomerId ?? null, row.providerRef);
    }
    await event(
      tx,
      scope.ref,
      auth.user.id,
      'update',
      `${actorOf(auth)} made the card ${cardLabel(row)} primary for ${scope.institution.name}`,
      {
        paymentMethod: id,
        change: { primaryCard: { old: previous ? cardLabel(previous) : null, new: cardLabel(row) } },
      },
    );
    return repo.toPaymentMethod(updated);
  });
}

// ── The built-in vault ───────────────────────────────────────────────────────────────────

/**
 * POST payments/builtin/tokens: checks the number (Luhn), its brand and the expiry, and keeps brand, last four, expiry
 * and the name under a one-use token. The number and CVC are not stored, not logged (log-redaction.ts) and not echoed.
 */
export async function createCardToken(
  deps: BillingDeps,
  auth: AuthContext,
  body: z.output<typeof builtinCardBody>,
): Promise<BuiltinCardToken> {
  if (deps.provider.kind !== 'builtin') throw new AppError('not-found', BILLING_ERRORS.builtinOnly);
  if (!luhnValid(body.number)) throw new AppError('bad-request', BILLING_ERRORS.cardNumberInvalid);
  const now = deps.clock.now();
  if (expired(body.expMonth, body.expYear, now)) throw new AppError('bad-request', BILLING_ERRORS.cardExpired);
  const token = `btok_${randomBytes(12).toString('hex')}`;
  const facts = { brand: brandOf(body.number), last4: body.number.slice(-4), expMonth: body.expMonth, expYear: body.expYear };
  await repo.insertCardToken(deps.db, {
    tenantId: auth.tenantId,
    token,
    ...facts,
    holderName: body.holderName,
    declines: body.number === BUILTIN_TEST_CARDS.declined,
    createdBy: auth.user.id,
  });
  return { token, ...facts };
}

// ── The Stripe webhook ───────────────────────────────────────────────────────────────────

const OBJECT_ID = /^[0-9a-f]{24}$/;
type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * A renewal Stripe's subscription invoiced and collected (invoice.paid for an invoice we did not issue): recorded as a
 * paid invoice of ours, numbered in the tenant's sequence, with Stripe's lines.
 */
async function mirrorStripeInvoice(tx: DbOrTx, deps: BillingDeps, account: BillingAccountRow, object: Json, stripeId: string, now: Date) {
  const ref = { tenantId: account.tenantId, institutionId: account.institutionId };
  const at = (v: unknown) => (typeof v === 'number' ? new Date(v * 1000) : null);
  const lines: InvoiceLine[] = (((object.lines as Json | undefined)?.data as Json[] | undefined) ?? []).map((l) => {
    const period = (l.period ?? {}) as Json;
    const amount = typeof l.amount === 'number' ? l.amount : 0;
    const quantity = typeof l.quantity === 'number' && l.quantity > 0 ? l.quantity : 1;
    return {
      description: str(l.description) ?? 'Subscription',
      quantity,
      unitAmount: Math.round(amount / quantity),
      amount,
      periodStart: at(period.start)?.toISOString() ?? null,
      periodEnd: at(period.end)?.toISOString() ?? null,
    };
  });
  const total = typeof object.total === 'number' ? object.total : lines.reduce((sum, l) => sum + l.amount, 0);
  const periodStart = lines[0]?.periodStart ? new Date(lines[0].periodStart) : (account.currentPeriodStart ?? now);
  const periodEnd = lines[0]?.periodEnd ? new Date(lines[0].periodEnd) : (account.currentPeriodEnd ?? now);
  const number = await repo.nextInvoiceNumber(tx, ref.tenantId, now.getUTCFullYear());
  const card = await repo.findPrimaryPaymentMethod(tx, ref.tenantId, ref.institutionId);
  const id = newId();
  await repo.insertInvoice(tx, {
    ...ref,
    id,
    number,
    status: 'paid',
    collection: 'card',
    provider: 'stripe',
    providerInvoiceId: stripeId,
    currency: str(object.currency) ?? deps.pricing.currency,
    periodStart,
    periodEnd,
    lines,
    subtotal: typeof object.subtotal === 'number' ? object.subtotal : total,
    total,
    amountPaid: total,
    issuedAt: now,
    dueAt: now,
    paidAt: now,
    paymentMethodId: card?.id ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    billTo: billToOf(account),
  });
  await invoicePaid(tx, ref, { id, number, total, currency: str(object.currency) ?? deps.pricing.currency, paidAt: now });
  await event(tx, ref, null, 'create', `Invoice ${number} issued and paid through Stripe (${formatMoney(total, deps.pricing.currency)})`, {
    invoice: id,
    change: { invoice: { old: null, new: { number, total, status: 'paid' } } },
  });
}

const STRIPE_STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past-due',
  unpaid: 'past-due',
  incomplete: 'past-due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/**
 * POST billing/stripe/webhook: the Stripe-Signature must verify over the raw body (400 with no detail otherwise); each
 * event id is applied once. The institution comes from the object's metadata (set on every customer, subscription
 * and invoice we create); events about anything else are acknowledged and ignored.
 */
export async function receiveStripeWebhook(
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (deps.provider.kind !== 'stripe' || !deps.webhookSecret) throw notFound('Webhook');
  if (!verifyStripeSignature(raw, signature, deps.webhookSecret, Math.floor(deps.clock.now().getTime() / 1000)))
    throw new AppError('bad-request', 'The webhook signature does not verify');
  let stripeEvent: Json;
  try {
    stripeEvent = JSON.parse(raw.toString('utf8')) as Json;
  } catch {
    throw new AppError('bad-request', 'The body is not valid JSON');
  }
  const eventId = str(stripeEvent.id);
  const type = str(stripeEvent.type) ?? '';
  const object = ((stripeEvent.data as Json | undefined)?.object ?? {}) as Json;
  const metadata = (object.metadata ?? {}) as Json;
  const tenantId = str(metadata.tenantId);
  const institutionId = str(metadata.institutionId);
  if (!eventId || !tenantId || !institutionId || !OBJECT_ID.test(tenantId) || !OBJECT_ID.test(institutionId))
    return { received: true, duplicate: false };
  const ref = { tenantId, institutionId };
  return withTenant(tenantId, () =>
    deps.db.transaction(async (tx) => {
      if (!(await repo.rememberProviderEvent(tx, { provider: 'stripe', eventId, type, tenantId })))
        return { received: true as const, duplicate: true };
      const account = await repo.findAccount(tx, tenantId, institutionId, true);
      if (!account) return { received: true as const, duplicate: false };
      const now = deps.clock.now();
      const stripeId = str(object.id);
      if (type === 'invoice.paid' && stripeId) {
        const local = await repo.findInvoiceByProviderId(tx, tenantId, stripeId);
        if (local && local.status === 'open') {
          await repo.updateInvoice(tx, tenantId, local.id, { status: 'paid', amountPaid: local.total, paidAt: now });
          await invoicePaid(tx, ref, { id: local.id, number: local.number, total: local.total, currency: local.currency, paidAt: now });
          await event(tx, ref, null, 'status', `Invoice ${local.number} paid through Stripe`, {
            invoice: local.id,
            change: { status: { old: 'open', new: 'paid' } },
          });
          await settleIfPaidUp(tx, deps, ref, null);
        } else if (!local && str(object.subscription)) {
          await mirrorStripeInvoice(tx, deps, account, object, stripeId, now);
        }
      } else if (type === 'invoice.payment_failed') {
        if (account.status !== 'past-due') {
          await repo.updateAccount(tx, tenantId, institutionId, { status: 'past-due', updatedAt: now });
          await event(tx, ref, null, 'status', 'A payment failed at Stripe: the subscription is past due', {
            change: { status: { old: account.status, new: 'past-due' } },
          });
        }
      } else if (type === 'customer.subscription.updated' || type === 'customer.subscription.deleted') {
        const status = type === 'customer.subscription.deleted' ? 'canceled' : (STRIPE_STATUS[str(object.status) ?? ''] ?? account.status);
        const start =
          typeof object.current_period_start === 'number' ? new Date(object.current_period_start * 1000) : account.currentPeriodStart;
        const end = typeof object.current_period_end === 'number' ? new Date(object.current_period_end * 1000) : account.currentPeriodEnd;
        const next = {
          status,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          providerSubscriptionId: status === 'canceled' ? null : (stripeId ?? account.providerSubscriptionId),
        };
        const change = diffChanges(
          { status: account.status, currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null },
          { status: next.status, currentPeriodEnd: next.currentPeriodEnd?.toISOString() ?? null },
        );
        await repo.updateAccount(tx, tenantId, institutionId, { ...next, updatedAt: now });
        if (Object.keys(change).length)
          await event(tx, ref, null, 'status', `Stripe ${status === 'canceled' ? 'canceled' : 'updated'} the subscription`, { change });
      }
      return { received: true as const, duplicate: false };
    }),
  );
}
