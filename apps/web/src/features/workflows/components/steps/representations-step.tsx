import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormLabel, Stack } from '@mui/material';
import { representationKey, representationsData, representationTexts, type RepresentationKey } from '@tessera/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { StepFrame } from '../step-frame.tsx';
import { BooleanField } from './step-fields.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

type Form = Record<RepresentationKey, boolean>;

/** The five subscription representations, each confirmed with its own required checkbox. */
export function RepresentationsStep(props: StepProps) {
  const formId = useId();
  const { submit, submitting, refusal } = useStepSubmit(props, 'representations');
  const saved = savedData(props.step, 'representations');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof representationsData>>({
    resolver: zodResolver(representationsData) as never,
    defaultValues: Object.fromEntries(representationKey.options.map((key) => [key, saved[key] === true])) as Form,
  });

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId}>
      <StepRefusal message={refusal} />
      <form id={formId} noValidate onSubmit={formSubmit(handleSubmit((data) => submit(data)))}>
        <FormControl component="fieldset" required>
          <FormLabel component="legend" sx={{ mb: 1.5 }}>
            Confirm each statement
          </FormLabel>
          <Stack spacing={1.5}>
            {representationKey.options.map((key) => (
              <BooleanField key={key} control={control} name={key} label={representationTexts[key]} />
            ))}
          </Stack>
        </FormControl>
      </form>
    </StepFrame>
  );
}
