import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { identityInquiries, identityWebhookEvents, type IdentityInquiryRow } from '../../db/schema/index.ts';

type Values = Partial<Omit<IdentityInquiryRow, 'tenantId' | 'id' | 'userId' | 'createdAt'>>;

export async function insertInquiry(
  db: DbOrTx,
  values: Pick<IdentityInquiryRow, 'tenantId' | 'id' | 'userId' | 'provider'> & Values,
): Promise<IdentityInquiryRow> {
  const [row] = await db.insert(identityInquiries).values(values).returning();
  return row!;
}

/** One of the user's inquiries; `lock` holds it until the transaction ends (two submits, a webhook and a completion). */
export async function findInquiry(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  id: string,
  lock = false,
): Promise<IdentityInquiryRow | undefined> {
  const query = db
    .select()
    .from(identityInquiries)
    .where(and(eq(identityInquiries.tenantId, tenantId), eq(identityInquiries.userId, userId), eq(identityInquiries.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findLatestInquiry(db: DbOrTx, tenantId: string, userId: string): Promise<IdentityInquiryRow | undefined> {
  const [row] = await db
    .select()
    .from(identityInquiries)
    .where(and(eq(identityInquiries.tenantId, tenantId), eq(identityInquiries.userId, userId)))
    .orderBy(desc(identityInquiries.createdAt), desc(identityInquiries.id))
    .limit(1);
  return row;
}

export async function updateInquiry(db: DbOrTx, tenantId: string, id: string, values: Values): Promise<IdentityInquiryRow> {
  const [row] = await db
    .update(identityInquiries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identityInquiries.tenantId, tenantId), eq(identityInquiries.id, id)))
    .returning();
  return row!;
}

/**
 * The inquiry a provider's inquiry id names, in whichever tenant: Persona's webhook is configured once for the whole
 * platform and names its inquiry, not a tenant.
 */
export function findInquiryByProviderIdUnscoped(
  db: DbOrTx,
  provider: IdentityInquiryRow['provider'],
  providerInquiryId: string,
): Promise<IdentityInquiryRow | undefined> {
  return withCrossTenant("a Persona webhook names its inquiry, not the inquiry's tenant", async () => {
    const [row] = await db
      .select()
      .from(identityInquiries)
      .where(and(eq(identityInquiries.provider, provider), eq(identityInquiries.providerInquiryId, providerInquiryId)))
      .limit(1);
    return row;
  });
}

/** A built-in inquiry submitted and without a verdict: what a verifier still has to decide. */
const awaitingVerdict = and(
  eq(identityInquiries.provider, 'builtin'),
  eq(identityInquiries.status, 'submitted'),
  isNull(identityInquiries.outcome),
);
/** Nobody holds it: never leased, or its lease ran out (the node verifying it stopped). */
const unleased = (now: Date) => or(isNull(identityInquiries.verificationLeaseUntil), lt(identityInquiries.verificationLeaseUntil, now));

/**
 * Built-in inquiries left without a verdict and held by no node (their node stopped before it decided), in every
 * tenant: each is leased to the caller until `until` in the same statement, so two nodes sweeping at once never take
 * the same one (a row another sweep has locked is skipped).
 */
export function claimUnverifiedInquiriesUnscoped(db: DbOrTx, now: Date, until: Date, limit: number): Promise<IdentityInquiryRow[]> {
  return withCrossTenant('a sweep resumes the verifications a stopped node left, in every tenant', async () => {
    const stale = db
      .select({ tenantId: identityInquiries.tenantId, id: identityInquiries.id })
      .from(identityInquiries)
      .where(and(awaitingVerdict, unleased(now)))
      .orderBy(identityInquiries.submittedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(identityInquiries)
      .set({ verificationLeaseUntil: until })
      .where(and(inArray(sql`(${identityInquiries.tenantId}, ${identityInquiries.id})`, stale), awaitingVerdict, unleased(now)))
      .returning();
  });
}

/** Extends the lease of an inquiry its node is still verifying (none once it has a verdict: nothing left to hold). */
export async function renewVerificationLease(db: DbOrTx, tenantId: string, id: string, until: Date): Promise<void> {
  await db
    .update(identityInquiries)
    .set({ verificationLeaseUntil: until })
    .where(and(eq(identityInquiries.tenantId, tenantId), eq(identityInquiries.id, id), awaitingVerdict));
}

/** Remembers a webhook event; false when it was already taken (a redelivery). */
export async function rememberWebhookEvent(db: DbOrTx, tenantId: string, eventId: string, inquiryId: string): Promise<boolean> {
  const rows = await db.insert(identityWebhookEvents).values({ tenantId, eventId, inquiryId }).onConflictDoNothing().returning();
  return rows.length > 0;
}
