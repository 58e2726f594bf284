import {
  diffChanges,
  raiseAppModeLabels,
  userDisplayName,
  type appModeBody,
  type DashboardQuery,
  type InstitutionDashboard,
  type MemberPreferences,
  type TenantMember,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { requireInstitution, requireRaiseMode } from '../institutions/index.ts';
import { leadStatsFor } from '../leads/index.ts';
import { toTenantMember, updateMember } from '../tenants/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { dashboardWindow, readAnalyticsSeries } from '../analytics/index.ts';
import { countInstitutionOffers } from './raise.repository.ts';

/** The institution a member may still pick, or null when it is gone or no longer theirs. */
async function stillAvailable(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<string | null> {
  try {
    await requireInstitution(db, auth, institutionId);
    return institutionId;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') return null;
    throw error;
  }
}

/**
 * PUT user/{id}/tenant-member/mode (002 §1): Invest or Raise and the picked institution, kept on the member's
 * preferences. Raise needs the institution:manage flag (owners and platform admins pass); a picked institution
 * must be one the caller may work on. Only the caller's own membership: any other id is unknown.
 */
export async function setAppMode(db: Db, auth: AuthContext, userId: string, body: z.output<typeof appModeBody>): Promise<TenantMember> {
  if (userId !== auth.user.id) throw notFound('User');
  const member = auth.member;
  if (!member) throw notFound('Membership');
  if (body.appMode === 'institution') requireRaiseMode(auth);

  let institution: string | null = member.preferences.institution ?? null;
  let picked: string | null = null;
  if (body.institution) {
    picked = (await requireInstitution(db, auth, body.institution)).institution.name;
    institution = body.institution;
  } else if (body.institution === null) {
    institution = null;
  } else if (body.appMode === 'institution' && institution) {
    // Switching back to Raise: a pick that was deleted or left meanwhile is dropped, so the area asks again.
    institution = await stillAvailable(db, auth, institution);
  }

  const values: Pick<MemberPreferences, 'appMode' | 'institution'> = { appMode: body.appMode, institution };
  const change = diffChanges(member.preferences, values);
  if (Object.keys(change).length === 0) return toTenantMember(member, auth.user.email);

  const actor = userDisplayName(auth.user);
  const parts: string[] = [];
  if (change.appMode) parts.push(`switched to ${raiseAppModeLabels[body.appMode]} mode`);
  if (change.institution) parts.push(picked ? `picked the institution ${picked}` : 'cleared their picked institution');
  const row = await db.transaction(async (tx) => {
    const updated = await updateMember(tx, auth.tenantId, member.id, { preferences: { ...member.preferences, ...values } });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: member.id,
      entityType: 'tenant-member',
      userId: auth.user.id,
      message: `${actor} ${parts.join(' and ')}`,
      meta: { change },
      refs: [
        { entity: auth.user.id, entityType: 'user' },
        ...(institution ? [{ entity: institution, entityType: 'tenant-institution' as const }] : []),
      ],
    });
    return updated;
  });
  return toTenantMember(row, auth.user.email);
}

/**
 * GET tenant/{t}/institutions/{id}/dashboard: offer counts, leads (created per bucket, all per account status: the
 * leads module's leadStatsFor) and the offer-page analytics of the window, bucketed by `scale` in UTC. Five queries
 * whatever the window.
 */
export async function getInstitutionDashboard(
  db: Db,
  auth: AuthContext,
  institutionId: string,
  q: DashboardQuery,
): Promise<InstitutionDashboard> {
  await requireInstitution(db, auth, institutionId);
  const { start, end, scale } = dashboardWindow(q, new Date());
  const [offerCounts, analytics, leads] = await Promise.all([
    countInstitutionOffers(db, auth.tenantId, institutionId),
    readAnalyticsSeries(db, { tenantId: auth.tenantId, scope: 'institution', scopeId: institutionId, start, end, scale }),
    leadStatsFor(db, auth.tenantId, institutionId, start, end, scale),
  ]);
  return {
    offers: offerCounts,
    leads: { newInPeriod: leads.newInPeriod, series: leads.series, byStatus: leads.byStatus },
    analytics,
  };
}
