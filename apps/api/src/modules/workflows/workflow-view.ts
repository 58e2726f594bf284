import { workflowNextStep, workflowPercentComplete, type Workflow, type WorkflowConfig, type WorkflowSummary } from '@tessera/domain';
import type { WorkflowListRow } from './workflows.repository.ts';

/** config as the API shows it: every key present (rows written before the engine may lack some). */
export function configOf(config: Partial<WorkflowConfig>): WorkflowConfig {
  return {
    offer: config.offer ?? null,
    institution: config.institution ?? null,
    documents: config.documents ?? [],
    amount: config.amount ?? null,
    esignTemplateId: config.esignTemplateId ?? null,
  };
}

export function toSummary(row: WorkflowListRow): WorkflowSummary {
  const next = workflowNextStep(row.steps, row.currentStepKey);
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    owner: row.ownerId,
    ownerName: row.ownerName,
    offer: row.offerId && row.offerName !== null ? { _id: row.offerId, name: row.offerName } : null,
    institution: row.institutionId && row.institutionName !== null ? { _id: row.institutionId, name: row.institutionName } : null,
    amount: row.config.amount ?? null,
    percentComplete: workflowPercentComplete(row.steps),
    currentStepKey: row.currentStepKey,
    nextStep: next ? { key: next.key, name: next.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWorkflow(row: WorkflowListRow): Workflow {
  return {
    ...toSummary(row),
    description: row.description,
    ownerEmail: row.ownerEmail,
    createdBy: row.createdBy,
    steps: row.steps,
    config: configOf(row.config),
    refs: row.refs ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
