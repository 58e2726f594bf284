import {
  ANALYTICS_TOP_N,
  type DashboardScale,
  diffChanges,
  EMPTY_CONTACT,
  type Contact,
  type IdentityVerificationStatus,
  type List,
  type MyTenant,
  type PageQuery,
  type TenantDashboard,
  type TenantDetails,
  type TenantDetailsInput,
  type TimelineEvent,
  type TimelineQuery,
  type TimelineEventType,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TenantRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { AuthContext, Caller } from '../../lib/auth-context.ts';
import type { TenantCache } from '../../plugins/tenant.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import { dashboardWindow, rankAnalytics, readAnalyticsSeries } from '../analytics/index.ts';
import { findTenantById, updateTenant } from '../tenants/index.ts';
import * as repo from './tenant-admin.repository.ts';

export interface TenantAdminDeps {
  db: Db;
  tenantCache: TenantCache;
  clock: Clock;
}

const ENTITY = 'tenant' as const;
const RECENT_ACTIVITY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The route's access rule let the caller in; the tenant in the path must also be the host's, or it is not found. */
function checkTenant(caller: Caller, id: string): void {
  if (id !== caller.tenantId) throw notFound('Tenant');
}

/** `anyTenant`: a platform-admin-only change, which may target a tenant other than the host's. */
async function loadForUpdate(db: DbOrTx, caller: Caller, id: string, anyTenant: boolean): Promise<TenantRow> {
  if (!anyTenant) checkTenant(caller, id);
  const row = await repo.findTenantForUpdate(db, id);
  if (!row) throw notFound('Tenant');
  return row;
}

/** Applies a change with its timeline event in one transaction, then drops the cached tenant so every page sees it. */
async function change(
  deps: TenantAdminDeps,
  caller: Caller,
  id: string,
  what: { type: TimelineEventType; label: string },
  values: repo.TenantChanges,
  anyTenant = false,
): Promise<TenantDetails> {
  const { row, changed } = await deps.db.transaction(async (tx) => {
    const current = await loadForUpdate(tx, caller, id, anyTenant);
    // A tenant that never had a contact reads as the empty one, so the first save diffs against that.
    const diff = diffChanges({ ...current, contact: current.contact ?? EMPTY_CONTACT }, values);
    if (Object.keys(diff).length === 0) return { row: current, changed: false };
    const updated = await updateTenant(tx, id, values);
    await recordEvent(tx, {
      tenantId: id,
      type: what.type,
      entity: id,
      entityType: ENTITY,
      caller,
      message: `Tenant ${updated.name} ${what.label} updated`,
      meta: { change: diff },
    });
    return { row: updated, changed: true };
  });
  if (changed) deps.tenantCache.invalidate(row.slug);
  return repo.toTenantDetails(row);
}

export async function getDetails(deps: TenantAdminDeps, caller: Caller, id: string): Promise<TenantDetails> {
  checkTenant(caller, id);
  const row = await findTenantById(deps.db, id);
  if (!row) throw notFound('Tenant');
  return repo.toTenantDetails(row);
}

export function updateDetails(deps: TenantAdminDeps, caller: Caller, id: string, input: TenantDetailsInput): Promise<TenantDetails> {
  return change(
    deps,
    caller,
    id,
    { type: 'update', label: 'details' },
    {
      name: input.name,
      description: input.description,
      website: input.website,
      // Left out: kept as they are (clients that predate them send only the first three).
      ...(input.supportEmail !== undefined && { supportEmail: input.supportEmail }),
      ...(input.highMinimumPath !== undefined && { highMinimumPath: input.highMinimumPath }),
    },
  );
}

export function updateContact(deps: TenantAdminDeps, caller: Caller, id: string, contact: Contact): Promise<TenantDetails> {
  return change(deps, caller, id, { type: 'update', label: 'contact' }, { contact });
}

/**
 * The platform's check of the organisation behind a tenant: set by platform admins only (the route says so), for any
 * tenant, from the platform admin's tenant page. The event goes to that tenant's timeline, beside its other changes.
 */
export function updateVerification(
  deps: TenantAdminDeps,
  caller: AuthContext,
  id: string,
  status: IdentityVerificationStatus,
): Promise<TenantDetails> {
  return change(deps, caller, id, { type: 'status', label: 'verification' }, { verificationStatus: status }, caller.isPlatformAdmin);
}

export async function listEvents(deps: TenantAdminDeps, caller: Caller, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  checkTenant(caller, id);
  return queryEvents(deps.db, id, { kind: 'entity', entityType: ENTITY, entity: id }, q);
}

/** UTC calendar days from `days - 1` days ago to today, as YYYY-MM-DD. */
export function dayKeys(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Four grouped queries, whatever the tenant's size: members by status, new members per day, marketplace counts, recent events. */
export async function getDashboard(
  deps: TenantAdminDeps,
  caller: Caller,
  id: string,
  q: { days: number; start?: string | undefined; end?: string | undefined; scale?: DashboardScale | undefined },
): Promise<TenantDashboard> {
  checkTenant(caller, id);
  const { days } = q;
  const now = deps.clock.now();
  const keys = dayKeys(now, days);
  const since = new Date(`${keys[0]}T00:00:00.000Z`);
  const window = dashboardWindow(q, now);
  const ranked = { tenantId: id, ...window, limit: ANALYTICS_TOP_N };
  const [byStatus, perDay, marketplace, recent, analytics, topOffers, topInstitutions] = await Promise.all([
    repo.countMembersByStatus(deps.db, id),
    repo.countNewMembersPerDay(deps.db, id, since),
    repo.countMarketplace(deps.db, id),
    // Only what the tenant's administration may read: a member's passport activity is theirs (timeline.service.ts).
    queryEvents(deps.db, id, { kind: 'administration' }, { page: 1, limit: RECENT_ACTIVITY, sort: 'createdAt', direction: 'desc' }),
    readAnalyticsSeries(deps.db, { tenantId: id, scope: 'tenant', scopeId: id, ...window }),
    rankAnalytics(deps.db, { ...ranked, scope: 'offer' }),
    rankAnalytics(deps.db, { ...ranked, scope: 'institution' }),
  ]);
  return {
    members: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus },
    newMembers: { days, series: keys.map((date) => ({ date, count: perDay.get(date) ?? 0 })) },
    offers: marketplace.offers,
    institutions: marketplace.institutions,
    recentActivity: recent.data,
    analytics,
    topOffers,
    topInstitutions,
  };
}

/**
 * The address of another tenant on the same deployment: the caller's host with the tenant label swapped
 * ({protocol}//{slug}.{host base}); a bare host (the default tenant) gains the label, and an IP uses the base domain.
 */
export function tenantAddress(
  req: { protocol: string; hostname: string; port: number | null | undefined; currentSlug: string; baseDomain: string },
  slug: string,
): string {
  let host = req.hostname.toLowerCase();
  const manage = host.startsWith('manage.') ? 'manage.' : '';
  host = host.slice(manage.length);
  let base: string;
  if (host.startsWith(`${req.currentSlug}.`)) base = host.slice(req.currentSlug.length + 1);
  else if (/^[\d.]+$/.test(host) || host.includes(':')) base = req.baseDomain;
  else base = host;
  const defaultPort = req.protocol === 'https' ? 443 : 80;
  const port = req.port && req.port !== defaultPort ? `:${req.port}` : '';
  return `${req.protocol}://${manage}${slug}.${base}${port}`;
}

export async function listMyTenants(
  deps: TenantAdminDeps,
  auth: AuthContext,
  addressOf: (slug: string) => string,
  q: PageQuery,
): Promise<List<MyTenant>> {
  const { rows, total } = await repo.listActiveMembershipsUnscoped(deps.db, auth.user.id, { limit: q.limit, offset: offsetOf(q) });
  const data = rows.map((r) => ({
    _id: r.id,
    slug: r.slug,
    name: r.name,
    role: r.role,
    url: addressOf(r.slug),
    current: r.id === auth.tenantId,
  }));
  return { data, meta: pageMeta(q, total) };
}
