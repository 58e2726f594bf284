import type { Workflow } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useWorkflowStep, type StepAction } from '../api/workflow-steps.ts';
import { WORKFLOW_STEP_TOASTS, workflowErrorText } from '../components/workflow-toasts.ts';
import type { StepProps } from '../components/steps/step-props.ts';

interface RunOptions {
  /** Handles a refusal itself (e.g. a 400 shown on a field); return true to skip the error toast. */
  onError?: (error: unknown) => boolean | void;
  /** No toast on success (a background save such as diligence recording a view). */
  quiet?: boolean;
}

/**
 * A step's calls with the screen's habits: each answers the workflow (the cache follows), toasts 002 §8's text,
 * shows the server's message on failure, and after `complete` hands the moved workflow to `onCompleted`, which moves
 * the screen to the new current step.
 */
export function useStepAction({
  tenantId,
  workflow,
  step,
  onCompleted,
}: Pick<StepProps, 'tenantId' | 'workflow' | 'step' | 'onCompleted'>) {
  const mutation = useWorkflowStep(tenantId, workflow._id);
  const { enqueueSnackbar } = useSnackbar();

  const run = (action: StepAction, data?: Record<string, unknown>, options: RunOptions = {}): Promise<Workflow | null> =>
    mutation.mutateAsync({ stepKey: step.key, action, data }).then(
      (moved) => {
        if (!options.quiet) enqueueSnackbar(WORKFLOW_STEP_TOASTS[action], { variant: 'success' });
        if (action === 'complete' || action === 'skip') onCompleted(moved);
        return moved;
      },
      (error: unknown) => {
        if (options.onError?.(error) !== true) enqueueSnackbar(workflowErrorText(error), { variant: 'error' });
        return null;
      },
    );

  return {
    complete: (data: Record<string, unknown>, options?: RunOptions) => run('complete', data, options),
    update: (data: Record<string, unknown>, options?: RunOptions) => run('update', data, options),
    skip: (options?: RunOptions) => run('skip', undefined, options),
    reset: (options?: RunOptions) => run('reset', undefined, options),
    submitting: mutation.isPending,
    error: mutation.error,
  };
}
