import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormLabel, Stack } from '@mui/material';
import { communicationData, statementDelivery, statementDeliveryLabels, type StatementDelivery } from '@tessera/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { StepFrame } from '../step-frame.tsx';
import { BooleanField, RadioField } from './step-fields.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

interface Form {
  emailUpdates: boolean;
  smsUpdates: boolean;
  statementDelivery: StatementDelivery | null;
  electronicTaxDocuments: boolean;
}

/** How the investor hears about the investment: updates by e-mail and SMS, statements, tax documents. */
export function CommunicationStep(props: StepProps) {
  const formId = useId();
  const { submit, submitting, refusal } = useStepSubmit(props, 'communication');
  const saved = savedData(props.step, 'communication');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof communicationData>>({
    resolver: zodResolver(communicationData) as never,
    defaultValues: {
      emailUpdates: saved.emailUpdates ?? true,
      smsUpdates: saved.smsUpdates ?? false,
      statementDelivery: saved.statementDelivery ?? 'electronic',
      electronicTaxDocuments: saved.electronicTaxDocuments ?? true,
    },
  });

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId}>
      <StepRefusal message={refusal} />
      <Stack component="form" id={formId} noValidate onSubmit={formSubmit(handleSubmit((data) => submit(data)))} spacing={3}>
        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            Updates about this investment
          </FormLabel>
          <BooleanField control={control} name="emailUpdates" label="E-mail updates" variant="switch" />
          <BooleanField control={control} name="smsUpdates" label="SMS updates" variant="switch" />
        </FormControl>
        <RadioField
          control={control}
          name="statementDelivery"
          label="Statement delivery"
          options={statementDelivery.options.map((value) => ({ value, label: statementDeliveryLabels[value] }))}
        />
        <BooleanField
          control={control}
          name="electronicTaxDocuments"
          label="I consent to receive tax documents (such as K-1s) electronically."
        />
      </Stack>
    </StepFrame>
  );
}
