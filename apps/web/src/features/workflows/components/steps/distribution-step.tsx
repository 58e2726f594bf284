import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { distributionData, distributionMethod, distributionMethodLabels, type DistributionMethod } from '@tessera/domain';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { StepFrame } from '../step-frame.tsx';
import { AccountPicker } from './account-picker.tsx';
import { RadioField } from './step-fields.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

interface Form {
  method: DistributionMethod | null;
  financialAccountId: string | null;
}

/** Methods that pay into a bank account, so they need one. */
const TO_ACCOUNT: readonly DistributionMethod[] = ['ach', 'wire'];

/** How distributions are paid: ACH and wire into one of the investor's accounts, a check, or reinvested. */
export function DistributionStep(props: StepProps) {
  const formId = useId();
  const { submit, submitting, refusal } = useStepSubmit(props, 'distribution');
  const saved = savedData(props.step, 'distribution');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof distributionData>>({
    resolver: zodResolver(distributionData) as never,
    defaultValues: { method: saved.method ?? null, financialAccountId: saved.financialAccountId ?? null },
  });
  const method = useWatch({ control, name: 'method' });
  const toAccount = method !== null && TO_ACCOUNT.includes(method);

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId}>
      <StepRefusal message={refusal} />
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={3}
        onSubmit={formSubmit(
          handleSubmit((data) =>
            submit({ ...data, financialAccountId: TO_ACCOUNT.includes(data.method) ? data.financialAccountId : null }),
          ),
        )}
      >
        <RadioField
          control={control}
          name="method"
          label="Distribution method"
          options={distributionMethod.options.map((value) => ({ value, label: distributionMethodLabels[value] }))}
        />
        {toAccount && (
          <Controller
            control={control}
            name="financialAccountId"
            render={({ field, fieldState }) => (
              <AccountPicker
                label="The account that receives distributions"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
      </Stack>
    </StepFrame>
  );
}
