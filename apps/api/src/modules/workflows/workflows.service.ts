import { workflowNextStep, workflowPercentComplete, type List, type WorkflowListQuery, type WorkflowSummary } from '@tessera/domain';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import * as repo from './workflows.repository.ts';

export interface WorkflowDeps {
  db: Db;
}

function toSummary(row: repo.WorkflowListRow): WorkflowSummary {
  const next = workflowNextStep(row.steps, row.currentStepKey);
  const offerId = row.config.offer ?? null;
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    owner: row.ownerId,
    ownerName: row.ownerName,
    offer: offerId && row.offerName !== null ? { _id: offerId, name: row.offerName } : null,
    institution: row.institutionId && row.institutionName !== null ? { _id: row.institutionId, name: row.institutionName } : null,
    amount: row.config.amount ?? null,
    percentComplete: workflowPercentComplete(row.steps),
    currentStepKey: row.currentStepKey,
    nextStep: next ? { key: next.key, name: next.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's own workflows in their tenant (001 §6: an investor sees only their own), newest first. */
export async function listWorkflows(deps: WorkflowDeps, auth: AuthContext, q: WorkflowListQuery): Promise<List<WorkflowSummary>> {
  const { rows, total } = await repo.listOwnWorkflows(
    deps.db,
    auth.tenantId,
    auth.user.id,
    { status: q.status, type: q.type },
    { limit: q.limit, offset: offsetOf(q) },
  );
  return { data: rows.map(toSummary), meta: pageMeta(q, total) };
}
