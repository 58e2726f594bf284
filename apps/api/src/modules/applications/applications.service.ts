import {
  applicationStatusLabels,
  userDisplayName,
  type Application,
  type ApplicationCreate,
  type ApplicationDecision,
  type ApplicationListQuery,
  type ApplicationSummary,
  type List,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { recordEvent } from '../timeline/index.ts';
import { updateUser } from '../users/index.ts';
import {
  findApplication,
  findApplicationUnscoped,
  findOpenApplication,
  insertApplication,
  listUserApplications,
  toApplication,
  toApplicationSummary,
  updateApplication,
} from './applications.repository.ts';

export interface ApplicationDeps {
  db: Db;
  clock: Clock;
}

/**
 * GET application/{id}: the applicant, the owners of the application's tenant (reviewers) and platform admins
 * (any tenant's). Everyone else gets the same 404 as for an id that does not exist, so ids reveal nothing.
 */
export async function getApplication(deps: ApplicationDeps, auth: AuthContext, id: string): Promise<Application> {
  const { db } = deps;
  const found = auth.isPlatformAdmin ? await findApplicationUnscoped(db, id) : await findApplication(db, auth.tenantId, id);
  const isOwner = auth.member?.role === 'owner';
  if (!found || !(auth.isPlatformAdmin || isOwner || found.row.userId === auth.user.id)) throw notFound('Application');
  return toApplication(found, deps.clock.now());
}

/** GET application: the caller's own applications in this tenant, newest first. */
export async function listOwnApplications(
  deps: ApplicationDeps,
  auth: AuthContext,
  q: ApplicationListQuery,
): Promise<List<ApplicationSummary>> {
  const { rows, total } = await listUserApplications(deps.db, auth.tenantId, auth.user.id, q);
  const now = deps.clock.now();
  return { data: rows.map((found) => toApplicationSummary(found, now)), meta: pageMeta(q, total) };
}

/**
 * POST application: starts the caller's own application (not-started) and points the user's accreditation at it.
 * One open application at a time: when the caller already has one of that type that was not rejected, it is answered
 * instead (`created: false`), so a second click, or two tabs, open the same application rather than failing.
 */
export async function createApplication(
  deps: ApplicationDeps,
  auth: AuthContext,
  body: ApplicationCreate,
): Promise<{ application: Application; created: boolean }> {
  const existing = await findOpenApplication(deps.db, auth.tenantId, auth.user.id, body.type);
  if (existing) return { application: toApplication(existing, deps.clock.now()), created: false };
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertApplication(tx, { tenantId: auth.tenantId, userId: auth.user.id, type: body.type });
    await updateUser(tx, auth.user.id, { accreditationApplicationId: inserted.id });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: inserted.id,
      entityType: 'application',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} started an accreditation application`,
      meta: {
        change: {
          status: { old: null, new: inserted.status },
          accreditationApplicationId: { old: auth.user.accreditationApplicationId, new: inserted.id },
        },
      },
      refs: [{ entity: auth.user.id, entityType: 'user' }],
    });
    return inserted;
  });
  return { application: toApplication({ row, reviewer: null }, deps.clock.now()), created: true };
}

/**
 * PUT application/{id}/review: a reviewer (the tenant's owners, platform admins) approves or rejects an application
 * of the tenant, recording who and when. The applicant never reaches it (the route admits owners only).
 */
export async function reviewApplication(
  deps: ApplicationDeps,
  auth: AuthContext,
  id: string,
  status: ApplicationDecision,
): Promise<Application> {
  const found = await findApplication(deps.db, auth.tenantId, id);
  if (!found) throw notFound('Application');
  const { row } = found;
  if (row.status === status) return toApplication(found, deps.clock.now());
  const reviewedAt = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await updateApplication(tx, auth.tenantId, id, { status, reviewedAt, reviewedBy: auth.user.id });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'status',
      entity: id,
      entityType: 'application',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} marked the application ${applicationStatusLabels[status].toLowerCase()}`,
      meta: {
        change: {
          status: { old: row.status, new: status },
          reviewedAt: { old: row.reviewedAt?.toISOString() ?? null, new: reviewedAt.toISOString() },
          reviewedBy: { old: row.reviewedBy, new: auth.user.id },
        },
      },
      refs: [{ entity: row.userId, entityType: 'user' }],
    });
  });
  const updated = await findApplication(deps.db, auth.tenantId, id);
  return toApplication(updated!, deps.clock.now());
}
