import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { investorType, investorTypeData, investorTypeLabels, type InvestorType } from '@tessera/domain';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ChoiceField } from '../../../../components/choice-field.tsx';
import { useStepAction } from '../../hooks/use-step-action.ts';
import { StepFrame } from '../step-frame.tsx';
import type { StepProps } from './step-props.ts';

const DESCRIPTIONS: Record<InvestorType, string> = {
  individual: 'In your own name, alone or with co-owners, or through a retirement account.',
  'legal-entity': 'Through a company, trust, partnership or fund from your passport.',
};

/** Investor type (001 §3): invest as an individual or through a legal entity. */
export function InvestorTypeStep(props: StepProps) {
  const { step, onBack } = props;
  const formId = useId();
  const action = useStepAction(props);
  const saved = investorType.safeParse(step.data.investorType);
  const { control, handleSubmit } = useForm<{ investorType: InvestorType | '' }, unknown, { investorType: InvestorType }>({
    resolver: zodResolver(investorTypeData) as never,
    defaultValues: { investorType: saved.success ? saved.data : '' },
  });
  const chosen = useWatch({ control, name: 'investorType' });
  const submit = handleSubmit((values) => action.complete(values));
  return (
    // Continue waits for a choice, as the wizard's choice screens do (001 §3).
    <StepFrame step={step} onBack={onBack} submitting={action.submitting} formId={formId} continueDisabled={!chosen}>
      <Stack component="form" id={formId} noValidate onSubmit={(e) => void submit(e)}>
        <ChoiceField
          control={control}
          name="investorType"
          label="I invest as"
          options={investorType.options.map((value) => ({ value, label: investorTypeLabels[value], description: DESCRIPTIONS[value] }))}
        />
      </Stack>
    </StepFrame>
  );
}
