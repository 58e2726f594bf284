import type { InvestmentStepKey, Workflow, WorkflowStep } from '@tessera/domain';

/**
 * What the workflow screen hands each step's screen (001 §2 investment workflow screen). A step renders its own form
 * and, on Continue, completes itself through `useWorkflowStep(...).mutate({ stepKey, action: 'complete', data })`; the
 * screen follows the answered workflow's current step (the `step` query follows, 001 §2). Back is the screen's.
 */
export interface StepProps {
  tenantId: string;
  workflow: Workflow;
  step: WorkflowStep & { key: InvestmentStepKey };
  /** Go to the step before (skipped steps passed over); null on the first step. */
  onBack: (() => void) | null;
  /** After the step completed: the screen moves to the workflow's new current step (or the summary's next page). */
  onCompleted: (moved: Workflow) => void;
  /** Go to another step, e.g. the summary's edit links. */
  goToStep: (key: InvestmentStepKey) => void;
  /** 001 §2: a staging flag shows extra markers (step keys, statuses). */
  staging: boolean;
}
