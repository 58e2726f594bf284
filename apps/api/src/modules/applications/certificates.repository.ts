import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, businesses, tenants, users, type ApplicationRow } from '../../db/schema/index.ts';

/** The application's row, locked for the rest of the transaction (one decision at a time). */
export async function lockApplication(tx: DbOrTx, tenantId: string, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** A reviewer's decision on the row: status, who and when, the note, and for an approval the letter and its code. */
export async function recordDecision(
  tx: DbOrTx,
  tenantId: string,
  id: string,
  values: Pick<ApplicationRow, 'status' | 'reviewedAt' | 'reviewedBy' | 'reviewNote' | 'approvalDoc' | 'certificateCode' | 'updatedAt'>,
): Promise<void> {
  await tx
    .update(applications)
    .set(values)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)));
}

export async function certificateCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.certificateCode, code)).limit(1);
  return Boolean(row);
}

/** The letter's subject: the applicant, and the business of a business application. */
export async function findLetterParties(db: DbOrTx, row: ApplicationRow) {
  const [applicant] = await db
    .select({ firstname: users.firstname, lastname: users.lastname, displayname: users.displayname, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  const [business] = row.businessId
    ? await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(and(eq(businesses.tenantId, row.tenantId), eq(businesses.id, row.businessId)))
        .limit(1)
    : [];
  return { applicant: applicant!, businessName: business?.name ?? null };
}

/** The application that carries a certificate code, in one tenant (uses applications_certificate_code_key), with the letter's name. */
export async function findByCertificateCode(db: DbOrTx, tenantId: string, code: string) {
  const [found] = await db
    .select({ row: applications, tenantName: tenants.name })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .where(and(eq(applications.certificateCode, code), eq(applications.tenantId, tenantId)))
    .limit(1);
  return found;
}
