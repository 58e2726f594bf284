import {
  applicationStatusLabels,
  diffChanges,
  renewalAnswers,
  userDisplayName,
  type AdminApplicationItem,
  type Application,
  type ApplicationCreate,
  type ApplicationStatusChange,
  type ApplicationListQuery,
  type Business,
  type List,
  type TimelineQuery,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { findBusiness, listOwners, toBusiness } from '../businesses/index.ts';
import { isTenantOwner } from '../institutions/index.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import { updateUser } from '../users/index.ts';
import {
  findApplication,
  findApplicationUnscoped,
  findOpenApplication,
  insertApplication,
  listApplications as listApplicationRows,
  readOtherTenantUnscoped,
  toApplication,
  type ApplicationWithReviewer,
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
import { emitApplicationStatusChanged } from './application-webhooks.ts';

export interface ApplicationDeps {
  db: Db;
  clock: Clock;
  cipher: FieldCipher;
}

/** The tenant's reviewers: its active owners, and platform admins. */
export const isReviewer = (auth: AuthContext): boolean => isTenantOwner(auth);

/** An application the caller may read, and how to run further reads of its tenant (across tenants for a platform admin). */
export interface ReadableApplication {
  found: ApplicationWithReviewer;
  /** Runs `fn` where the application's tenant rows are visible: as is, or across tenants for another tenant's application. */
  within<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The applicant, the owners of the application's tenant (reviewers) and platform admins (any tenant's). Everyone else
 * gets the same 404 as for an id that does not exist, so ids reveal nothing.
 */
export async function loadReadable(deps: ApplicationDeps, auth: AuthContext, id: string): Promise<ReadableApplication> {
  const { db } = deps;
  const found = auth.isPlatformAdmin ? await findApplicationUnscoped(db, id) : await findApplication(db, auth.tenantId, id);
  if (!found || !(isReviewer(auth) || found.row.userId === auth.user.id)) throw notFound('Application');
  const elsewhere = found.row.tenantId !== auth.tenantId;
  return { found, within: (fn) => (elsewhere ? readOtherTenantUnscoped(fn) : fn()) };
}

/** The applicant's own application of this tenant, for a change; anyone else's is not found (404). */
export async function loadOwn(db: DbOrTx, auth: AuthContext, id: string): Promise<ApplicationWithReviewer> {
  const found = await findApplication(db, auth.tenantId, id);
  if (!found || found.row.userId !== auth.user.id) throw notFound('Application');
  return found;
}

/** Once a reviewer decided (or it is approved) the applicant can no longer change it: 409. */
export function requireUndecided({ row }: ApplicationWithReviewer): void {
  if (row.reviewedAt || row.status === 'approved')
    throw new AppError('conflict', 'This application has been reviewed and can no longer change: start a new one to apply again');
}

/** GET application/{id}. */
export async function getApplication(deps: ApplicationDeps, auth: AuthContext, id: string): Promise<Application> {
  return toApplication((await loadReadable(deps, auth, id)).found, deps.clock.now());
}

/**
 * GET application: the caller's own applications in this tenant (scope mine), or every applicant's for the tenant's
 * reviewers (scope tenant; 403 for anyone else), newest first.
 */
export async function listApplications(
  deps: ApplicationDeps,
  auth: AuthContext,
  q: ApplicationListQuery,
): Promise<List<AdminApplicationItem>> {
  if (q.scope === 'tenant' && !isReviewer(auth)) throw forbidden("Only the organization's owners review its applications");
  const userId = q.scope === 'tenant' ? null : auth.user.id;
  const { rows, total } = await listApplicationRows(deps.db, auth.tenantId, userId, q, deps.clock.now());
  return { data: rows, meta: pageMeta(q, total) };
}

/**
 * POST application: starts the caller's own application (not-started) and points the user's accreditation at it.
 * One open application at a time: when the caller already has one of that type that is open (not approved or
 * rejected), it is answered instead (`created: false`), so a second click, or two tabs, open the same application
 * rather than failing. A renewal (`renewFrom`, an approved application of the caller's, expired or not) starts
 * prefilled with the answers that still hold (renewalAnswers), not the evidence.
 */
export async function createApplication(
  deps: ApplicationDeps,
  auth: AuthContext,
  body: ApplicationCreate,
): Promise<{ application: Application; created: boolean }> {
  const renewed = body.renewFrom ? await loadOwn(deps.db, auth, body.renewFrom) : null;
  if (renewed && renewed.row.status !== 'approved')
    throw new AppError('validation', 'body.renewFrom: Only an approved application can be renewed');
  const existing = await findOpenApplication(deps.db, auth.tenantId, auth.user.id, body.type);
  if (existing) return { application: toApplication(existing, deps.clock.now()), created: false };
  const questionData = renewed ? renewalAnswers(renewed.row.questionData) : {};
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertApplication(tx, {
      tenantId: auth.tenantId,
      userId: auth.user.id,
      type: body.type,
      questionData,
      renewedFrom: renewed?.row.id ?? null,
    });
    await updateUser(tx, auth.user.id, { accreditationApplicationId: inserted.id });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: inserted.id,
      entityType: 'application',
      userId: auth.user.id,
      message: renewed
        ? `${userDisplayName(auth.user)} started renewing their accreditation`
        : `${userDisplayName(auth.user)} started an accreditation application`,
      meta: {
        change: {
          status: { old: null, new: inserted.status },
          accreditationApplicationId: { old: auth.user.accreditationApplicationId, new: inserted.id },
          ...(renewed && {
            renewedFrom: { old: null, new: renewed.row.id },
            questionData: { old: null, new: questionData },
          }),
        },
      },
      refs: [
        { entity: auth.user.id, entityType: 'user' },
        ...(renewed ? [{ entity: renewed.row.id, entityType: 'application' as const }] : []),
      ],
    });
    return inserted;
  });
  return { application: toApplication({ row, reviewer: null }, deps.clock.now()), created: true };
}

/** GET application/{id}/events: the application's history, newest first (the timeline of its entity). */
export async function listApplicationEvents(deps: ApplicationDeps, auth: AuthContext, id: string, q: TimelineQuery) {
  const { found, within } = await loadReadable(deps, auth, id);
  return within(() => queryEvents(deps.db, found.row.tenantId, { kind: 'entity', entityType: 'application', entity: id }, q));
}

/** GET application/{id}/business: the business the application is for, with its owners; 404 when it has none. */
export async function getApplicationBusiness(deps: ApplicationDeps, auth: AuthContext, id: string): Promise<Business> {
  const { found, within } = await loadReadable(deps, auth, id);
  const { tenantId, businessId } = found.row;
  if (!businessId) throw notFound('Business');
  return within(async () => {
    const business = await findBusiness(deps.db, tenantId, businessId);
    if (!business) throw notFound('Business');
    return toBusiness(business, await listOwners(deps.db, tenantId, [business.id]), deps.cipher);
  });
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
        await emitApplicationStatusChanged(tx, row, row.status, status, reviewedAt);
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
