import type { BillingAddress, Invoice, PaymentMethod } from '@tessera/domain';
import { and, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  billingAccounts,
  billingInvoiceCounters,
  billingInvoices,
  billingPaymentMethods,
  billingProviderEvents,
  builtinCardTokens,
  offers,
  roleAssignments,
  type BillingAccountRow,
  type BillingInvoiceRow,
  type BillingPaymentMethodRow,
  type BuiltinCardTokenRow,
} from '../../db/schema/index.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { unexpiredAssignment } from '../institutions/index.ts';

export const EMPTY_ADDRESS: BillingAddress = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '' };

// ── Accounts ─────────────────────────────────────────────────────────────────────────────

const accountOf = (tenantId: string, institutionId: string) =>
  and(eq(billingAccounts.tenantId, tenantId), eq(billingAccounts.institutionId, institutionId))!;

export async function findAccount(db: DbOrTx, tenantId: string, institutionId: string, lock = false): Promise<BillingAccountRow | null> {
  const query = db.select().from(billingAccounts).where(accountOf(tenantId, institutionId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Makes the account when missing (two first reads at once make one); the row either way. */
export async function insertAccountIfMissing(db: DbOrTx, values: typeof billingAccounts.$inferInsert): Promise<void> {
  await db.insert(billingAccounts).values(values).onConflictDoNothing();
}

export async function updateAccount(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  values: Partial<typeof billingAccounts.$inferInsert>,
): Promise<BillingAccountRow> {
  const [row] = await db.update(billingAccounts).set(values).where(accountOf(tenantId, institutionId)).returning();
  return row!;
}

export async function findAccountByCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<BillingAccountRow | null> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(and(eq(billingAccounts.tenantId, tenantId), eq(billingAccounts.providerCustomerId, customerId)));
  return row ?? null;
}

export async function deleteBillingOf(db: DbOrTx, tenantId: string, institutionId: string): Promise<void> {
  await db
    .delete(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.institutionId, institutionId)));
  await db.delete(billingAccounts).where(accountOf(tenantId, institutionId));
}

// ── Usage ────────────────────────────────────────────────────────────────────────────────

/** The institution's offers (every offer that exists: a deleted offer is gone). */
export async function countOffers(db: DbOrTx, tenantId: string, institutionId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.institutionId, institutionId)));
  return row?.n ?? 0;
}

/** Team seats: the unexpired places on the institution's team, active and invited alike. */
export async function countSeats(db: DbOrTx, tenantId: string, institutionId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.entityId, institutionId),
        unexpiredAssignment(now),
      ),
    );
  return row?.n ?? 0;
}

// ── Invoices ─────────────────────────────────────────────────────────────────────────────

/**
 * The next invoice number of the tenant for `year`, taken in the caller's transaction: the counter row stays locked
 * until it commits (a concurrent invoice waits), and a rollback gives the number back, so numbers have no gaps.
 */
export async function nextInvoiceNumber(db: DbOrTx, tenantId: string, year: number): Promise<string> {
  const [row] = await db
    .insert(billingInvoiceCounters)
    .values({ tenantId, year, last: 1 })
    .onConflictDoUpdate({
      target: [billingInvoiceCounters.tenantId, billingInvoiceCounters.year],
      set: { last: sql`${billingInvoiceCounters.last} + 1` },
    })
    .returning({ last: billingInvoiceCounters.last });
  return `INV-${year}-${String(row!.last).padStart(5, '0')}`;
}

export async function insertInvoice(db: DbOrTx, values: typeof billingInvoices.$inferInsert): Promise<BillingInvoiceRow> {
  const [row] = await db.insert(billingInvoices).values(values).returning();
  return row!;
}

export async function updateInvoice(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<typeof billingInvoices.$inferInsert>,
): Promise<BillingInvoiceRow> {
  const [row] = await db
    .update(billingInvoices)
    .set(values)
    .where(and(eq(billingInvoices.tenantId, tenantId), eq(billingInvoices.id, id)))
    .returning();
  return row!;
}

export async function findInvoice(db: DbOrTx, tenantId: string, institutionId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.tenantId, tenantId), eq(billingInvoices.institutionId, institutionId), eq(billingInvoices.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findInvoiceByProviderId(db: DbOrTx, tenantId: string, providerInvoiceId: string) {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.tenantId, tenantId), eq(billingInvoices.providerInvoiceId, providerInvoiceId)));
  return row ?? null;
}

export async function listInvoices(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  q: { limit: number; offset: number; status?: Invoice['status'] },
): Promise<{ rows: BillingInvoiceRow[]; total: number }> {
  const where = and(
    eq(billingInvoices.tenantId, tenantId),
    eq(billingInvoices.institutionId, institutionId),
    q.status ? eq(billingInvoices.status, q.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(billingInvoices)
      .where(where)
      .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.number))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(billingInvoices).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export function toInvoice(row: BillingInvoiceRow): Invoice {
  return {
    _id: row.id,
    number: row.number,
    institution: row.institutionId,
    status: row.status,
    collection: row.collection,
    provider: row.provider,
    currency: row.currency,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    lines: row.lines,
    subtotal: row.subtotal,
    total: row.total,
    amountPaid: row.amountPaid,
    amountDue: row.status === 'open' ? row.total - row.amountPaid : 0,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentMethod: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    paymentReference: row.paymentReference,
  };
}

// ── Payment methods ──────────────────────────────────────────────────────────────────────

const methodsOf = (tenantId: string, institutionId: string) =>
  and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.institutionId, institutionId))!;

export async function listPaymentMethods(db: DbOrTx, tenantId: string, institutionId: string): Promise<BillingPaymentMethodRow[]> {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(methodsOf(tenantId, institutionId))
    .orderBy(desc(billingPaymentMethods.isPrimary), desc(billingPaymentMethods.createdAt), desc(billingPaymentMethods.id));
}

export async function findPaymentMethod(db: DbOrTx, tenantId: string, institutionId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(billingPaymentMethods)
    .where(and(methodsOf(tenantId, institutionId), eq(billingPaymentMethods.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPrimaryPaymentMethod(db: DbOrTx, tenantId: string, institutionId: string) {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(methodsOf(tenantId, institutionId), eq(billingPaymentMethods.isPrimary, true)));
  return row ?? null;
}

export async function insertPaymentMethod(db: DbOrTx, values: typeof billingPaymentMethods.$inferInsert): Promise<BillingPaymentMethodRow> {
  const [row] = await db.insert(billingPaymentMethods).values(values).returning();
  return row!;
}

export async function updatePaymentMethod(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<typeof billingPaymentMethods.$inferInsert>,
): Promise<BillingPaymentMethodRow> {
  const [row] = await db
    .update(billingPaymentMethods)
    .set(values)
    .where(and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.id, id)))
    .returning();
  return row!;
}

/** Takes the primary flag off every card of the institution but `keep` (before setting it on `keep`). */
export async function clearPrimary(db: DbOrTx, tenantId: string, institutionId: string, keep: string): Promise<void> {
  await db
    .update(billingPaymentMethods)
    .set({ isPrimary: false })
    .where(and(methodsOf(tenantId, institutionId), eq(billingPaymentMethods.isPrimary, true), ne(billingPaymentMethods.id, keep)));
}

export async function deletePaymentMethod(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(billingPaymentMethods).where(and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.id, id)));
}

export function toPaymentMethod(row: BillingPaymentMethodRow): PaymentMethod {
  return {
    _id: row.id,
    institution: row.institutionId,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    primary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ── The built-in vault ───────────────────────────────────────────────────────────────────

export async function insertCardToken(db: DbOrTx, values: typeof builtinCardTokens.$inferInsert): Promise<void> {
  await db.insert(builtinCardTokens).values(values);
}

/** Takes an unused token of the tenant, once: the row comes back only to the one call that marks it used. */
export async function redeemCardToken(db: DbOrTx, tenantId: string, token: string, at: Date): Promise<BuiltinCardTokenRow | null> {
  const [row] = await db
    .update(builtinCardTokens)
    .set({ usedAt: at })
    .where(and(eq(builtinCardTokens.tenantId, tenantId), eq(builtinCardTokens.token, token), isNull(builtinCardTokens.usedAt)))
    .returning();
  return row ?? null;
}

export async function findCardToken(db: DbOrTx, tenantId: string, token: string): Promise<BuiltinCardTokenRow | null> {
  const [row] = await db
    .select()
    .from(builtinCardTokens)
    .where(and(eq(builtinCardTokens.tenantId, tenantId), eq(builtinCardTokens.token, token)));
  return row ?? null;
}

// ── Provider events ──────────────────────────────────────────────────────────────────────

/** Remembers a provider event; false when it was already applied (a redelivery). */
export async function rememberProviderEvent(
  db: DbOrTx,
  values: { provider: 'stripe' | 'builtin'; eventId: string; type: string; tenantId: string | null },
): Promise<boolean> {
  const rows = await db.insert(billingProviderEvents).values(values).onConflictDoNothing().returning({ id: billingProviderEvents.eventId });
  return rows.length > 0;
}

/**
 * The accounts of every tenant whose paid period has ended (and that no provider subscription renews): the renewal
 * sweep's work list. Each is then renewed in its own tenant's scope.
 */
export async function findDueAccountsUnscoped(db: DbOrTx, now: Date, limit = 200): Promise<{ tenantId: string; institutionId: string }[]> {
  return withCrossTenant('billing: the renewal sweep lists the accounts whose period ended', async () =>
    db
      .select({ tenantId: billingAccounts.tenantId, institutionId: billingAccounts.institutionId })
      .from(billingAccounts)
      .where(
        and(
          ne(billingAccounts.plan, 'trial'),
          inArray(billingAccounts.status, ['active', 'past-due']),
          lte(billingAccounts.currentPeriodEnd, now),
          isNull(billingAccounts.providerSubscriptionId),
        ),
      )
      .orderBy(billingAccounts.currentPeriodEnd)
      .limit(limit),
  );
}
