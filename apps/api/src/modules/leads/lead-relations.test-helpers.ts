import type { TestApp } from '../../../test/build-test-app.ts';
import { tenantLeads, type NewTenantLeadRow, type TenantLeadRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

let sequence = 0;

/**
 * A lead written straight to the database (the tests of the lead's relations do not need POST leads): of `tenantId`'s
 * `institutionId`, with a fresh e-mail unless given.
 */
export async function insertLead(
  t: TestApp,
  values: Pick<NewTenantLeadRow, 'tenantId' | 'institutionId'> & Partial<NewTenantLeadRow>,
): Promise<TenantLeadRow> {
  const [row] = await t.app.db
    .insert(tenantLeads)
    .values({
      id: newId(),
      firstname: 'Lena',
      lastname: 'Lead',
      email: `lead-${Date.now().toString(36)}-${++sequence}@example.com`,
      ...values,
    })
    .returning();
  return row!;
}
