import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { institutions, offers, users, workflows, type NewWorkflowRow, type WorkflowRow } from '../../db/schema/index.ts';
import { userDisplayName, type StepMove, type WorkflowStatus, type WorkflowType } from '@tessera/domain';

export interface WorkflowFilters {
  status?: WorkflowStatus;
  type?: WorkflowType;
}

/**
 * The offer and institution named in config, as char(24) like the keys they match (a text value would turn the
 * key lookup into a scan). The institution is config's, else the offer's own.
 */
const offerRef = sql`(${workflows.config}->>'offer')::char(24)`;
const institutionRef = sql`coalesce((${workflows.config}->>'institution')::char(24), ${offers.institutionId})`;

/** A workflow with the names of its offer and institution (null when none is set or it no longer exists). */
export type WorkflowListRow = WorkflowRow & {
  offerName: string | null;
  institutionName: string | null;
  institutionId: string | null;
  ownerName: string;
};

/** One person's workflows in a tenant, newest first, with their offer's and institution's names in the same query. */
export async function listOwnWorkflows(
  db: DbOrTx,
  tenantId: string,
  ownerId: string,
  filters: WorkflowFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: WorkflowListRow[]; total: number }> {
  const conditions: SQL[] = [eq(workflows.tenantId, tenantId), eq(workflows.ownerId, ownerId)];
  if (filters.status) conditions.push(eq(workflows.status, filters.status));
  if (filters.type) conditions.push(eq(workflows.type, filters.type));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        workflow: workflows,
        offerName: offers.name,
        institutionId: institutions.id,
        institutionName: institutions.name,
        owner: { _id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname, displayname: users.displayname },
      })
      .from(workflows)
      .innerJoin(users, eq(users.id, workflows.ownerId))
      .leftJoin(offers, and(eq(offers.tenantId, workflows.tenantId), eq(offers.id, offerRef)))
      .leftJoin(institutions, and(eq(institutions.tenantId, workflows.tenantId), eq(institutions.id, institutionRef)))
      .where(where)
      .orderBy(desc(workflows.createdAt), desc(workflows.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(workflows).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.workflow,
      offerName: r.offerName,
      institutionName: r.institutionName,
      institutionId: r.institutionId,
      ownerName: userDisplayName(r.owner),
    })),
    total: count?.total ?? 0,
  };
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

/** Writes a step move (steps, current step, status; completedAt when it completes). */
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
  return row!;
}
