import type { InvestmentStepData, InvestmentStepKey } from '@tessera/domain';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useWorkflowStep } from '../../api/workflow-steps.ts';
import type { StepProps } from './step-props.ts';

/**
 * Completes a step with its data (002 §7) and hands the moved workflow to the screen. A refusal (the server's 400 says
 * what a schema could not know: an expired accreditation, someone else's account) shows at the top of the step.
 */
export function useStepSubmit<K extends InvestmentStepKey>(props: Pick<StepProps, 'tenantId' | 'workflow' | 'onCompleted'>, stepKey: K) {
  const move = useWorkflowStep(props.tenantId, props.workflow._id);
  const { enqueueSnackbar } = useSnackbar();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (data: InvestmentStepData[K], onDone?: () => void) => {
    setRefusal(null);
    move.mutate(
      { stepKey, action: 'complete', data: data as Record<string, unknown> },
      {
        onSuccess: (moved) => {
          enqueueSnackbar('Workflow step completed', { variant: 'success' });
          onDone?.();
          props.onCompleted(moved);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };
  return { submit, submitting: move.isPending, refusal };
}

/** The step's saved answers, when it was completed or saved before, to start the form from. */
export function savedData<K extends InvestmentStepKey>(step: StepProps['step'], _key: K): Partial<InvestmentStepData[K]> {
  return step.data as Partial<InvestmentStepData[K]>;
}
