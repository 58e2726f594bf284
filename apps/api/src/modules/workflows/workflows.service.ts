import {
  defaultInvestmentAmount,
  diffChanges,
  hasPermission,
  investmentWorkflowName,
  LEAD_WITHOUT_MEMBER_TEXT,
  NOT_CREATABLE_WORKFLOW_TEXT,
  userDisplayName,
  initialSteps,
  WORKFLOW_TEMPLATES,
  type CreateWorkflowBody,
  type List,
  type PageQuery,
  type TimelineEvent,
  type TimelineEntityType,
  type TimelineQuery,
  type UpdateWorkflowBody,
  type Workflow,
  type WorkflowListQuery,
  type WorkflowSummary,
  type WorkflowTemplate,
  type WorkflowType,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { OfferRow, WorkflowRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { canUseRaiseMode, requireEditor, requireInstitution, type InstitutionAccess } from '../institutions/index.ts';
import { findListedOffer } from '../marketplace/index.ts';
import { findOffer } from '../offers/index.ts';
import { recordMarketplaceLead } from '../leads/index.ts';
import { findMember } from '../tenants/index.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import { loadOwnWorkflow, loadWorkflow } from './workflow-access.ts';
import { configOf, toSummary, toWorkflow } from './workflow-view.ts';
import * as repo from './workflows.repository.ts';

export interface WorkflowDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

const actorOf = (auth: AuthContext) => userDisplayName(auth.user);

/** What a workflow's events refer to besides itself: its offer and the offer's institution. */
export function workflowRefs(row: Pick<WorkflowRow, 'offerId' | 'institutionId'>): { entity: string; entityType: TimelineEntityType }[] {
  return [
    ...(row.offerId ? [{ entity: row.offerId, entityType: 'tenant-offer' as const }] : []),
    ...(row.institutionId ? [{ entity: row.institutionId, entityType: 'tenant-institution' as const }] : []),
  ];
}

/** The workflow with its names, as every read and change answers it. */
export async function answer(db: DbOrTx, tenantId: string, id: string): Promise<Workflow> {
  const row = await repo.findWorkflowWithNames(db, tenantId, id);
  if (!row) throw notFound('Workflow');
  return toWorkflow(row);
}

/** The institution's team may change a workflow (delete it) unless they only view; the tenant's owners always may. */
const requireWorkflowEditor = (access: InstitutionAccess) =>
  requireEditor(access, "Viewers of an institution can look at its investors' workflows but not change them");

export function listTemplates(): Record<WorkflowType, WorkflowTemplate> {
  return WORKFLOW_TEMPLATES;
}

/**
 * GET workflows: the caller's own (001 §6: an investor sees only their own), or with `institution` the institution's view
 * in Raise mode — every workflow for its offers, optionally one person's (`owner`).
 */
export async function listWorkflows(deps: WorkflowDeps, auth: AuthContext, q: WorkflowListQuery): Promise<List<WorkflowSummary>> {
  let scope: Pick<repo.WorkflowFilters, 'ownerId' | 'institutionId'>;
  if (q.institution) {
    await requireInstitution(deps.db, auth, q.institution);
    scope = { institutionId: q.institution, ownerId: q.owner };
  } else {
    if (q.owner) throw new AppError('validation', "query.owner: only with `institution` (without it, the list is the caller's own)");
    scope = { ownerId: auth.user.id };
  }
  const { rows, total } = await repo.listWorkflows(
    deps.db,
    auth.tenantId,
    { ...scope, offerId: q.offer, status: q.status, type: q.type },
    { limit: q.limit, offset: offsetOf(q) },
  );
  return { data: rows.map(toSummary), meta: pageMeta(q, total) };
}

export async function getWorkflow(deps: WorkflowDeps, auth: AuthContext, id: string): Promise<Workflow> {
  await loadWorkflow(deps.db, auth, id);
  return answer(deps.db, auth.tenantId, id);
}

const noSuchOffer = () => new AppError('validation', 'body.config.offer: No such offer');

/**
 * The offer a new workflow is for, as the caller can see it: for the caller's own workflow an offer on the marketplace
 * (approved, published, visible), or in Raise mode any offer of an institution the caller works on; for someone else's
 * (an institution's lead) the offer must be of an institution the caller edits. Anything else is no such offer.
 */
async function offerFor(db: DbOrTx, auth: AuthContext, offerId: string, forSomeoneElse: boolean): Promise<OfferRow> {
  if (!forSomeoneElse) {
    const listed = await findListedOffer(db, auth.tenantId, offerId);
    if (listed) return listed.offer;
    if (!canUseRaiseMode(auth)) throw noSuchOffer();
  }
  const offer = await findOffer(db, auth.tenantId, offerId);
  if (!offer) throw noSuchOffer();
  try {
    const access = await requireInstitution(db, auth, offer.institutionId);
    if (forSomeoneElse) requireWorkflowEditor(access);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') throw noSuchOffer();
    throw error;
  }
  return offer;
}

/**
 * POST workflows (002 §5): an investment in an offer, for the caller ('Invest Now') or, in Raise mode, for an active
 * member of the tenant (an institution's lead). One investment in progress per person and offer: a second is 409
 * naming the first, which the web then opens.
 */
/** 001 §6 investment:make: a member whose membership does not allow investing (a viewer, say) cannot start one. */
export const INVESTING_NOT_ALLOWED = 'Your membership does not allow investing; ask the organization to change it';
function mayInvest(auth: AuthContext): boolean {
  if (!auth.member) return auth.isPlatformAdmin;
  return hasPermission(
    { rbac: { _id: auth.member.id, role: auth.member.role, attributes: auth.member.attributes, expiresAt: null } },
    'investment:make',
  );
}

export async function createWorkflow(deps: WorkflowDeps, auth: AuthContext, body: CreateWorkflowBody): Promise<Workflow> {
  const template = WORKFLOW_TEMPLATES[body.type];
  if (!template.creatable) throw new AppError('bad-request', NOT_CREATABLE_WORKFLOW_TEXT);
  const ownerId = body.owner ?? auth.user.id;
  const forSomeoneElse = ownerId !== auth.user.id;
  if (!forSomeoneElse && !mayInvest(auth)) throw new AppError('forbidden', INVESTING_NOT_ALLOWED);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const offer = await offerFor(tx, auth, body.config.offer, forSomeoneElse);
    if (forSomeoneElse) {
      const member = await findMember(tx, auth.tenantId, ownerId);
      if (member?.membershipStatus !== 'active') throw new AppError('bad-request', LEAD_WITHOUT_MEMBER_TEXT);
    }
    const existing = await repo.lockInProgressInvestment(tx, auth.tenantId, offer.id, ownerId);
    if (existing) throw new AppError('conflict', `An investment in this offer is already in progress: workflow ${existing.id}`);
    const steps = initialSteps(template);
    const given = body.config.esignTemplateId;
    const config = {
      offer: offer.id,
      institution: offer.institutionId,
      documents: [...offer.documents]
        .filter((d) => !d.hidden)
        .sort((a, b) => a.position - b.position)
        .map((d) => d.document),
      amount: body.config.amount ?? defaultInvestmentAmount(offer.classes),
      esignTemplateId: (given === undefined ? offer.esignTemplateId : given) || null,
    };
    const row = await repo.insertWorkflow(tx, {
      tenantId: auth.tenantId,
      id: newId(),
      ownerId,
      createdBy: auth.user.id,
      type: body.type,
      status: 'in-progress',
      name: body.name ?? investmentWorkflowName(offer.name),
      description: body.description ?? null,
      currentStepKey: steps[0]?.key ?? null,
      steps,
      config,
      offerId: offer.id,
      institutionId: offer.institutionId,
      refs: body.refs ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const named = (await repo.findWorkflowWithNames(tx, auth.tenantId, row.id))!;
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: row.id,
      entityType: 'workflow',
      userId: auth.user.id,
      message: forSomeoneElse
        ? `${actorOf(auth)} started the workflow ${row.name} for ${named.ownerName}`
        : `${actorOf(auth)} started the workflow ${row.name}`,
      meta: {
        change: diffChanges(
          {},
          {
            name: row.name,
            type: row.type,
            status: row.status,
            owner: ownerId,
            ...config,
            refs: row.refs,
            currentStepKey: row.currentStepKey,
          },
        ),
      },
      refs: [...workflowRefs(row), ...(row.refs ? [row.refs] : [])],
    });
    // A person starting their own investment becomes (or stays) a lead of the offer's institution (issue #22).
    if (!forSomeoneElse)
      await recordMarketplaceLead(tx, {
        tenantId: auth.tenantId,
        userId: ownerId,
        offerId: offer.id,
        act: { kind: 'workflow', name: row.name },
      });
    return row.id;
  });
  return answer(deps.db, auth.tenantId, id);
}

/** PUT workflows/{id}: the name and description, by the owner only. A change that changes nothing records nothing. */
export async function updateWorkflow(deps: WorkflowDeps, auth: AuthContext, id: string, body: UpdateWorkflowBody): Promise<Workflow> {
  await deps.db.transaction(async (tx) => {
    const current = await loadOwnWorkflow(tx, auth, id);
    const values = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description || null }),
    };
    const change = diffChanges({ name: current.name, description: current.description }, values);
    if (Object.keys(change).length === 0) return;
    await repo.updateWorkflowRow(tx, auth.tenantId, id, { ...values, updatedAt: deps.clock.now() });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: id,
      entityType: 'workflow',
      userId: auth.user.id,
      message: `${actorOf(auth)} updated the workflow ${values.name ?? current.name}`,
      meta: { change },
      refs: workflowRefs(current),
    });
  });
  return answer(deps.db, auth.tenantId, id);
}

/**
 * DELETE workflows/{id}: the investor deletes their own while it is not signed (a signed subscription is a record:
 * 409); the institution's team (but its viewers) and the tenant's owners delete any of the institution's, signed or not
 * — a subscription withdrawn or entered twice.
 */
export async function deleteWorkflow(deps: WorkflowDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { workflow, role } = await loadWorkflow(tx, auth, id);
    if (role === 'owner') {
      const signed = workflow.steps.some((s) => s.key === 'esignature' && s.status === 'completed');
      if (workflow.status === 'completed' || signed)
        throw new AppError('conflict', 'A signed subscription cannot be deleted; ask the sponsor to withdraw it');
    } else {
      requireWorkflowEditor(await requireInstitution(tx, auth, workflow.institutionId!));
    }
    await repo.deleteWorkflowRow(tx, auth.tenantId, id);
    const config = configOf(workflow.config);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'workflow',
      userId: auth.user.id,
      message: `${actorOf(auth)} deleted the workflow ${workflow.name}`,
      meta: {
        delete: {
          name: workflow.name,
          type: workflow.type,
          status: workflow.status,
          owner: workflow.ownerId,
          offer: config.offer,
          institution: config.institution,
          amount: config.amount,
          currentStepKey: workflow.currentStepKey,
        },
      },
      refs: workflowRefs(workflow),
    });
  });
}

/** GET workflows/{id}/events: the workflow's history, for whoever may read it. */
export async function listWorkflowEvents(
  deps: WorkflowDeps,
  auth: AuthContext,
  id: string,
  q: TimelineQuery,
): Promise<List<TimelineEvent>> {
  await loadWorkflow(deps.db, auth, id);
  return queryEvents(deps.db, auth.tenantId, { kind: 'entity', entityType: 'workflow', entity: id }, q);
}

/**
 * One person's workflows for an institution's offers, whole, newest first: what an institution's team sees of its
 * lead. No access check here: the caller (the leads module) has already checked that the caller works on the
 * institution.
 */
export async function listPersonWorkflowsAtInstitution(
  db: DbOrTx,
  tenantId: string,
  who: { ownerId: string; institutionId: string },
  q: PageQuery,
): Promise<List<Workflow>> {
  const { rows, total } = await repo.listWorkflows(db, tenantId, who, { limit: q.limit, offset: offsetOf(q) });
  return { data: rows.map(toWorkflow), meta: pageMeta(q, total) };
}
