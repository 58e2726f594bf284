import type { DbOrTx } from '../../db/client.ts';
import type { WorkflowRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { canUseRaiseMode, requireInstitution } from '../institutions/index.ts';
import { findWorkflow } from './workflows.repository.ts';

/** How the caller stands to a workflow: its owner (the investor), or the team of the institution whose offer it is. */
export type WorkflowRole = 'owner' | 'institution';

export interface LoadedWorkflow {
  workflow: WorkflowRow;
  role: WorkflowRole;
}

/**
 * A workflow the caller may read (001 §6, 002 §6): the owner always; in Raise mode, the team of the offer's institution
 * (and the tenant's owners). Anyone else — another investor, another institution's team, another tenant — gets the same
 * 404 as for a missing workflow, so an id tells nothing.
 */
export async function loadWorkflow(db: DbOrTx, auth: AuthContext, id: string): Promise<LoadedWorkflow> {
  const workflow = await findWorkflow(db, auth.tenantId, id);
  if (!workflow) throw notFound('Workflow');
  if (workflow.ownerId === auth.user.id) return { workflow, role: 'owner' };
  if (workflow.institutionId && canUseRaiseMode(auth)) {
    try {
      await requireInstitution(db, auth, workflow.institutionId);
      return { workflow, role: 'institution' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw notFound('Workflow');
}

/** A workflow only its owner may change (the steps are the investor's answers): the institution's team gets 403. */
export async function loadOwnWorkflow(db: DbOrTx, auth: AuthContext, id: string): Promise<WorkflowRow> {
  const { workflow, role } = await loadWorkflow(db, auth, id);
  if (role !== 'owner') throw new AppError('forbidden', "Only the investor can answer a workflow's steps");
  return workflow;
}
