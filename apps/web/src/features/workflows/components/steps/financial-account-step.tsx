import { zodResolver } from '@hookform/resolvers/zod';
import { financialAccountData } from '@tessera/domain';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { StepFrame } from '../step-frame.tsx';
import { AccountPicker } from './account-picker.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

interface Form {
  financialAccountId: string | null;
}

/** The passport account the investment is funded from (chosen, or added here). */
export function FinancialAccountStep(props: StepProps) {
  const formId = useId();
  const { submit, submitting, refusal } = useStepSubmit(props, 'financial-account');
  const saved = savedData(props.step, 'financial-account');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof financialAccountData>>({
    resolver: zodResolver(financialAccountData) as never,
    defaultValues: { financialAccountId: saved.financialAccountId ?? null },
  });

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId}>
      <StepRefusal message={refusal} />
      <form id={formId} noValidate onSubmit={formSubmit(handleSubmit((data) => submit(data)))}>
        <Controller
          control={control}
          name="financialAccountId"
          render={({ field, fieldState }) => (
            <AccountPicker
              label="The account you invest from"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error ? 'Choose the account you invest from' : undefined}
            />
          )}
        />
      </form>
    </StepFrame>
  );
}
