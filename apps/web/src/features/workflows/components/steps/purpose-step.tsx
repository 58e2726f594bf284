import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, TextField } from '@mui/material';
import {
  financialGoal,
  financialGoalLabels,
  purposeData,
  sourceOfFunds,
  sourceOfFundsLabels,
  type FinancialGoal,
  type SourceOfFunds,
} from '@tessera/domain';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { StepFrame } from '../step-frame.tsx';
import { RadioField } from './step-fields.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

interface Form {
  investmentGoals: FinancialGoal[];
  sourceOfFunds: SourceOfFunds | null;
  otherSource: string | null;
}

/** Why the investor invests (the goals, several) and where the money comes from ('Other' asks what). */
export function PurposeStep(props: StepProps) {
  const formId = useId();
  const goalsLabelId = useId();
  const { submit, submitting, refusal } = useStepSubmit(props, 'purpose');
  const saved = savedData(props.step, 'purpose');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof purposeData>>({
    resolver: zodResolver(purposeData) as never,
    defaultValues: {
      investmentGoals: saved.investmentGoals ?? [],
      sourceOfFunds: saved.sourceOfFunds ?? null,
      otherSource: saved.otherSource ?? null,
    },
  });
  const source = useWatch({ control, name: 'sourceOfFunds' });

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId}>
      <StepRefusal message={refusal} />
      <Stack
        component="form"
        id={formId}
        noValidate
        onSubmit={formSubmit(
          handleSubmit((data) => submit({ ...data, otherSource: data.sourceOfFunds === 'other' ? data.otherSource : null })),
        )}
        spacing={3}
      >
        <Controller
          control={control}
          name="investmentGoals"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
              <FormLabel component="legend" id={goalsLabelId} sx={{ mb: 0.5 }}>
                Investment goals
              </FormLabel>
              <FormGroup aria-labelledby={goalsLabelId}>
                {financialGoal.options.map((goal) => (
                  <FormControlLabel
                    key={goal}
                    label={financialGoalLabels[goal]}
                    control={
                      <Checkbox
                        checked={field.value.includes(goal)}
                        onChange={(event) =>
                          field.onChange(event.target.checked ? [...field.value, goal] : field.value.filter((chosen) => chosen !== goal))
                        }
                        onBlur={field.onBlur}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{fieldState.error?.message ?? 'Choose all that apply'}</FormHelperText>
            </FormControl>
          )}
        />
        <RadioField
          control={control}
          name="sourceOfFunds"
          label="Source of funds"
          options={sourceOfFunds.options.map((value) => ({ value, label: sourceOfFundsLabels[value] }))}
        />
        {source === 'other' && (
          <Controller
            control={control}
            name="otherSource"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                label="Where does the money come from?"
                required
                slotProps={{ htmlInput: { maxLength: 200 } }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      </Stack>
    </StepFrame>
  );
}
