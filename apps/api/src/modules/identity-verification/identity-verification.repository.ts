import { and, desc, eq, isNull, lt } from 'drizzle-orm';
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

/**
 * Built-in inquiries submitted before `before` and still without a verdict: a verification the process did not live to
 * finish (a restart), picked up again at start-up.
 */
export function listUnverifiedInquiriesUnscoped(db: DbOrTx, before: Date): Promise<IdentityInquiryRow[]> {
  return withCrossTenant('start-up resumes the verifications a restart interrupted, in every tenant', async () =>
    db
      .select()
      .from(identityInquiries)
      .where(
        and(
          eq(identityInquiries.provider, 'builtin'),
          eq(identityInquiries.status, 'submitted'),
          isNull(identityInquiries.outcome),
          lt(identityInquiries.submittedAt, before),
        ),
      )
      .limit(100),
  );
}

/** Remembers a webhook event; false when it was already taken (a redelivery). */
export async function rememberWebhookEvent(db: DbOrTx, tenantId: string, eventId: string, inquiryId: string): Promise<boolean> {
  const rows = await db.insert(identityWebhookEvents).values({ tenantId, eventId, inquiryId }).onConflictDoNothing().returning();
  return rows.length > 0;
}
