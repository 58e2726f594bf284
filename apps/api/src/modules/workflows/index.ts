// The public face of the workflows module, owner of the `workflows` table: how other modules (e-signature) load a
// workflow the caller may see and move its steps.
export { loadOwnWorkflow, loadWorkflow, type LoadedWorkflow, type WorkflowRole } from './workflow-access.ts';
export { findWorkflow, saveStepMove } from './workflows.repository.ts';
export { createWorkflow, listPersonWorkflowsAtInstitution, type WorkflowDeps } from './workflows.service.ts';
