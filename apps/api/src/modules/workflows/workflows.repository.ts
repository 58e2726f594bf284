import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { emitWebhookEvent, type WebhookEventInput } from '../webhooks/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, offers, users, workflows, type NewWorkflowRow, type WorkflowRow } from '../../db/schema/index.ts';
import { userDisplayName, type StepMove, type WorkflowStatus, type WorkflowType } from '@tessera/domain';

export interface WorkflowFilters {
  status?: WorkflowStatus | undefined;
  type?: WorkflowType | undefined;
  /** Only this person's workflows. */
  ownerId?: string | undefined;
  /** Only the workflows for this institution's offers (its Raise-mode view). */
  institutionId?: string | undefined;
  offerId?: string | undefined;
}

/** A workflow with the names of its offer, institution and owner (null names when the offer or institution is gone). */
export type WorkflowListRow = WorkflowRow & {
  offerName: string | null;
  institutionName: string | null;
  ownerName: string;
  ownerEmail: string;
};

/** The workflow joined with its offer's, institution's and owner's names: one query, whatever the page size. */
function selectWithNames(db: DbOrTx) {
  return db
    .select({
      workflow: workflows,
      offerName: offers.name,
      institutionName: institutions.name,
      owner: { _id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, displayname: users.displayname },
    })
    .from(workflows)
    .innerJoin(users, eq(users.id, workflows.ownerId))
    .leftJoin(offers, and(eq(offers.tenantId, workflows.tenantId), eq(offers.id, workflows.offerId)))
    .leftJoin(institutions, and(eq(institutions.tenantId, workflows.tenantId), eq(institutions.id, workflows.institutionId)));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectWithNames>['where']>>[number];
const toListRow = (r: Joined): WorkflowListRow => ({
  ...r.workflow,
  offerName: r.offerName,
  institutionName: r.institutionName,
  ownerName: userDisplayName(r.owner),
  ownerEmail: r.owner.email,
});

/** A tenant's workflows by the filters, newest first, with their names in the same query. */
export async function listWorkflows(
  db: DbOrTx,
  tenantId: string,
  filters: WorkflowFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: WorkflowListRow[]; total: number }> {
  const conditions: SQL[] = [eq(workflows.tenantId, tenantId)];
  if (filters.ownerId) conditions.push(eq(workflows.ownerId, filters.ownerId));
  if (filters.institutionId) conditions.push(eq(workflows.institutionId, filters.institutionId));
  if (filters.offerId) conditions.push(eq(workflows.offerId, filters.offerId));
  if (filters.status) conditions.push(eq(workflows.status, filters.status));
  if (filters.type) conditions.push(eq(workflows.type, filters.type));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    selectWithNames(db).where(where).orderBy(desc(workflows.createdAt), desc(workflows.id)).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(workflows).where(where),
  ]);
  return { rows: rows.map(toListRow), total: count?.total ?? 0 };
}

/** One workflow with its names, for the answer of a read or a change. */
export async function findWorkflowWithNames(db: DbOrTx, tenantId: string, id: string): Promise<WorkflowListRow | undefined> {
  const [row] = await selectWithNames(db)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .limit(1);
  return row && toListRow(row);
}

export async function insertWorkflow(db: DbOrTx, values: NewWorkflowRow): Promise<WorkflowRow> {
  const [row] = await db.insert(workflows).values(values).returning();
  return row!;
}

/** One workflow of a tenant by id, whoever owns it: callers check access (the workflows service, the e-signature module). */
export async function findWorkflow(db: DbOrTx, tenantId: string, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .limit(1);
  return row;
}

/** The workflow locked until the transaction ends: step changes read, change and write its steps whole. */
export async function lockWorkflow(db: DbOrTx, tenantId: string, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The person's investment workflow in progress for an offer, if any. The check and the insert that follows run under
 * a transaction-scoped lock on (tenant, offer, person), so two 'Invest Now' clicks at once make one workflow.
 */
export async function lockInProgressInvestment(
  db: DbOrTx,
  tenantId: string,
  offerId: string,
  ownerId: string,
): Promise<Pick<WorkflowRow, 'id'> | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`workflow:${tenantId}:${offerId}:${ownerId}`}, 0))`);
  const [row] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        eq(workflows.tenantId, tenantId),
        eq(workflows.offerId, offerId),
        eq(workflows.ownerId, ownerId),
        eq(workflows.type, 'investment'),
        eq(workflows.status, 'in-progress'),
      ),
    )
    .limit(1);
  return row;
}

export async function updateWorkflowRow(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<Pick<WorkflowRow, 'name' | 'description' | 'config' | 'updatedAt'>>,
): Promise<WorkflowRow> {
  const [row] = await db
    .update(workflows)
    .set(values)
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .returning();
  return row!;
}

export async function deleteWorkflowRow(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(workflows).where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)));
}

/**
 * Writes a step move (steps, current step, status; completedAt when it completes). Every step change goes through it,
 * so a move that completes the workflow also raises the workflow.completed webhook event here, in the same transaction.
 */
export async function saveStepMove(db: DbOrTx, tenantId: string, id: string, move: StepMove, now: Date): Promise<WorkflowRow> {
  const [row] = await db
    .update(workflows)
    .set({
      steps: move.steps,
      currentStepKey: move.currentStepKey,
      status: move.status,
      completedAt: move.status === 'completed' ? now : null,
      updatedAt: now,
    })
    .where(and(eq(workflows.tenantId, tenantId), eq(workflows.id, id)))
    .returning();
  if (move.status === 'completed') await emitWebhookEvent(db, workflowCompletedEvent(row!, now));
  return row!;
}

/** The workflow.completed event: what WEBHOOK_EVENTS['workflow.completed'].sample shows; the institution is the config's. */
function workflowCompletedEvent(row: WorkflowRow, at: Date): WebhookEventInput {
  const institution = row.config.institution ?? row.institutionId ?? null;
  return {
    tenantId: row.tenantId,
    institutionId: institution,
    type: 'workflow.completed',
    at,
    data: {
      workflow: {
        _id: row.id,
        type: row.type,
        name: row.name,
        status: row.status,
        owner: row.ownerId,
        offer: row.config.offer ?? row.offerId ?? null,
        institution,
        amount: row.config.amount ?? null,
        completedAt: at.toISOString(),
      },
    },
  };
}
