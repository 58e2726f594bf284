import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { StepAction } from '../api/workflow-steps.ts';

/**
 * 002 §8 workflow toasts: 'Workflow step updated', 'skipped', 'reset', 'completed' — the list shortens the last three,
 * which read as the first does ('Workflow step skipped'): a toast saying only 'completed' would not say what.
 */
export const WORKFLOW_STEP_TOASTS: Record<StepAction, string> = {
  update: 'Workflow step updated',
  skip: 'Workflow step skipped',
  reset: 'Workflow step reset',
  complete: 'Workflow step completed',
};
/** 002 §8: workflow creation reuses the offer's text; the failure is the create dialog's. */
export const WORKFLOW_CREATED_TOAST = 'Offer - Successfully created';
export const WORKFLOW_CREATE_FAILED_TOAST = 'Failed to create workflow';

/** A step call's failure as a toast shows the server's message (a network failure its own §8 text). */
export function workflowErrorText(error: unknown): string {
  return errorMessage(error);
}

/** A 400 the server answered for the step's data: its message belongs beside the field it is about. */
export function isValidationRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}
