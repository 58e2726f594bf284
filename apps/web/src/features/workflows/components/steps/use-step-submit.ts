import type { InvestmentStepData, InvestmentStepKey } from '@tessera/domain';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useStepAction } from '../../hooks/use-step-action.ts';
import type { StepProps } from './step-props.ts';

/**
 * Completes a step with its typed data through the screen's one step action (toast, then the moved workflow to the
 * screen). A refusal (the server's 400 says what a schema could not know: an expired accreditation, someone else's
 * account) shows at the top of the step instead of a toast.
 */
export function useStepSubmit<K extends InvestmentStepKey>(
  props: Pick<StepProps, 'tenantId' | 'workflow' | 'step' | 'onCompleted'>,
  _stepKey: K,
) {
  const action = useStepAction(props);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (data: InvestmentStepData[K], onDone?: () => void) => {
    setRefusal(null);
    void action
      .complete(data as Record<string, unknown>, {
        onError: (error) => {
          setRefusal(errorMessage(error));
          return true;
        },
      })
      .then((moved) => {
        if (moved) onDone?.();
      });
  };
  return { submit, submitting: action.submitting, refusal };
}

/** The step's saved answers, when it was completed or saved before, to start the form from. */
export function savedData<K extends InvestmentStepKey>(step: StepProps['step'], _key: K): Partial<InvestmentStepData[K]> {
  return step.data as Partial<InvestmentStepData[K]>;
}
