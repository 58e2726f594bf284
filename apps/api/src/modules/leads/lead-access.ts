import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantLeads, type TenantLeadRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AnyCaller } from '../../lib/auth-context.ts';
import { requireEditor, requireInstitution, type InstitutionAccess } from '../institutions/index.ts';

/**
 * Who may see and change a lead (002 §6): the team of the lead's institution and the tenant's owners, as for the
 * institution itself (institutions' requireInstitution: Raise mode, else 403; off the team, 404). The team's viewers
 * only look. A lead of an institution the caller cannot see, of another tenant, or that does not exist is the same 404.
 */
export interface LeadAccess {
  lead: TenantLeadRow;
  access: InstitutionAccess;
}

export const LEAD_VIEWER_READ_ONLY = 'Viewers of an institution can look at its leads but not change them';

export async function findLead(db: DbOrTx, tenantId: string, leadId: string): Promise<TenantLeadRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantLeads)
    .where(and(eq(tenantLeads.tenantId, tenantId), eq(tenantLeads.id, leadId)))
    .limit(1);
  return row;
}

/** The lead with the caller's access to its institution; `write` refuses the team's viewers (403). */
export async function requireLead(db: DbOrTx, auth: AnyCaller, leadId: string, options: { write?: boolean } = {}): Promise<LeadAccess> {
  const lead = await findLead(db, auth.tenantId, leadId);
  if (!lead) throw notFound('Lead');
  let access: InstitutionAccess;
  try {
    access = await requireInstitution(db, auth, lead.institutionId);
  } catch (error) {
    // Off the institution's team: the lead is as unknown as one that does not exist.
    if (error instanceof Error && 'code' in error && error.code === 'not-found') throw notFound('Lead');
    throw error;
  }
  if (options.write) requireEditor(access, LEAD_VIEWER_READ_ONLY);
  return { lead, access };
}
