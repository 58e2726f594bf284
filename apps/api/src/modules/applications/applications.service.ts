import {
  applicationStatusLabels,
  diffChanges,
  userDisplayName,
  type Application,
  type ApplicationCreate,
  type ApplicationStatusChange,
  type ApplicationListQuery,
  type ApplicationSummary,
  type List,
} from '@tessera/domain';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
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
} from './applications.repository.ts';
import {
  freshCertificateCode,
  issueApprovalLetter,
  mailDecision,
  recordApprovalLetter,
  type ReviewDeps,
  type ReviewSite,
} from './certificates.service.ts';
import { lockApplication, recordDecision } from './certificates.repository.ts';

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
 * PUT application/{id}/status: a reviewer (the tenant's owners, platform admins: the route admits only them) approves
 * or rejects a submitted application of the tenant; any other status, a second decision included, is a 409. The note,
 * the reviewer and the time are recorded with a timeline event. An approval issues the sealed approval letter in the
 * same request (drawn and sealed before the transaction, recorded in it, its file removed if it fails; a certificate
 * code taken meanwhile is retried with a new one). The applicant is e-mailed the decision once it is committed.
 */
export async function reviewApplication(
  deps: ReviewDeps,
  site: ReviewSite,
  auth: AuthContext,
  id: string,
  decision: ApplicationStatusChange,
): Promise<Application> {
  const found = await findApplication(deps.db, auth.tenantId, id);
  if (!found) throw notFound('Application');
  if (found.row.status !== 'submitted') throw notSubmitted();
  const { status } = decision;
  const note = decision.note || null;
  const reviewedAt = deps.clock.now();
  let documentId: string | null = null;
  let code: string | null = null;
  for (let attempt = 1; ; attempt++) {
    const letter =
      status === 'approved' ? await issueApprovalLetter(deps, site, found.row, reviewedAt, await freshCertificateCode(deps.db)) : null;
    try {
      await deps.db.transaction(async (tx) => {
        const row = await lockApplication(tx, auth.tenantId, id);
        if (row?.status !== 'submitted') throw notSubmitted();
        const document = letter ? await recordApprovalLetter(tx, letter, row, auth.user.id) : null;
        const values = {
          status,
          reviewedAt,
          reviewedBy: auth.user.id,
          reviewNote: note,
          approvalDoc: document?.id ?? row.approvalDoc,
          certificateCode: letter?.code ?? row.certificateCode,
          updatedAt: reviewedAt,
        };
        await recordDecision(tx, auth.tenantId, id, values);
        await recordEvent(tx, {
          tenantId: auth.tenantId,
          type: 'status',
          entity: id,
          entityType: 'application',
          userId: auth.user.id,
          message: `${userDisplayName(auth.user)} marked the application ${applicationStatusLabels[status].toLowerCase()}`,
          meta: {
            change: diffChanges({ ...row, reviewedAt: row.reviewedAt?.toISOString() ?? null } as Record<string, unknown>, {
              ...values,
              reviewedAt: reviewedAt.toISOString(),
              updatedAt: undefined,
            }),
          },
          refs: [
            { entity: row.userId, entityType: 'user' },
            ...(document ? [{ entity: document.id, entityType: 'document' as const }] : []),
          ],
        });
        documentId = document?.id ?? null;
        code = letter?.code ?? null;
      });
      break;
    } catch (error) {
      await letter?.file.discard();
      if (!(letter && isUniqueViolation(error) && attempt < 3)) throw error;
    }
  }
  await mailDecision(
    deps,
    site,
    found.row,
    status === 'approved' ? { status, code: code!, documentId: documentId!, reviewedAt } : { status, note: note ?? '' },
  );
  const updated = await findApplication(deps.db, auth.tenantId, id);
  return toApplication(updated!, deps.clock.now());
}

const notSubmitted = () => new AppError('conflict', 'Only a submitted application can be reviewed');
