import { Alert, Button, Stack } from '@mui/material';
import {
  individualOwnershipType,
  individualOwnershipTypeLabels,
  legalEntityOwnershipType,
  legalEntityOwnershipTypeLabels,
  retirementAccountType,
  retirementAccountTypeLabels,
  type IndividualOwnershipType,
  type LegalEntityOwnershipType,
  type RetirementAccountType,
} from '@tessera/domain';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ChoiceField } from '../../../../components/choice-field.tsx';
import { useStepAction } from '../../hooks/use-step-action.ts';
import { StepFrame } from '../step-frame.tsx';
import { chosenInvestorType } from './step-answers.ts';
import type { StepProps } from './step-props.ts';

interface Values {
  individualOwnershipType: IndividualOwnershipType | '';
  individualRetirementAccountType: RetirementAccountType | '';
  legalEntityOwnershipType: LegalEntityOwnershipType | '';
}

const pick = <T extends string>(options: readonly T[], value: unknown): T | '' =>
  typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : '';

/**
 * Ownership (000 §3, 001 §3): for an individual the ownership type, with the retirement account type when it is an
 * IRA; for a legal entity how it holds the investment (beneficial owner or fiduciary).
 */
export function OwnershipStep(props: StepProps) {
  const { step, onBack, goToStep } = props;
  const formId = useId();
  const action = useStepAction(props);
  const type = chosenInvestorType(props.workflow);
  const { control, handleSubmit } = useForm<Values>({
    defaultValues: {
      individualOwnershipType: pick(individualOwnershipType.options, step.data.individualOwnershipType),
      individualRetirementAccountType: pick(retirementAccountType.options, step.data.individualRetirementAccountType),
      legalEntityOwnershipType: pick(legalEntityOwnershipType.options, step.data.legalEntityOwnershipType),
    },
  });
  const values = useWatch({ control });
  const ready =
    type === 'individual'
      ? Boolean(values.individualOwnershipType) &&
        (values.individualOwnershipType !== 'ira' || Boolean(values.individualRetirementAccountType))
      : type === 'legal-entity' && Boolean(values.legalEntityOwnershipType);

  const submit = handleSubmit((v) =>
    action.complete(
      type === 'individual'
        ? {
            individualOwnershipType: v.individualOwnershipType,
            individualRetirementAccountType: v.individualOwnershipType === 'ira' ? v.individualRetirementAccountType : null,
            legalEntityOwnershipType: null,
          }
        : { individualOwnershipType: null, individualRetirementAccountType: null, legalEntityOwnershipType: v.legalEntityOwnershipType },
    ),
  );

  if (!type)
    return (
      <StepFrame step={step} onBack={onBack} submitting={false}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => goToStep('investor-type')}>
              Choose
            </Button>
          }
        >
          Choose whether you invest as an individual or through a legal entity first.
        </Alert>
      </StepFrame>
    );

  return (
    <StepFrame step={step} onBack={onBack} submitting={action.submitting} formId={formId} continueDisabled={!ready}>
      <Stack component="form" id={formId} noValidate spacing={3} onSubmit={(e) => void submit(e)}>
        {type === 'individual' ? (
          <>
            <ChoiceField
              control={control}
              name="individualOwnershipType"
              label="Ownership type"
              options={individualOwnershipType.options.map((value) => ({ value, label: individualOwnershipTypeLabels[value] }))}
            />
            {values.individualOwnershipType === 'ira' && (
              <ChoiceField
                control={control}
                name="individualRetirementAccountType"
                label="Retirement account type"
                options={retirementAccountType.options.map((value) => ({ value, label: retirementAccountTypeLabels[value] }))}
              />
            )}
          </>
        ) : (
          <ChoiceField
            control={control}
            name="legalEntityOwnershipType"
            label="The entity holds the investment as"
            options={legalEntityOwnershipType.options.map((value) => ({ value, label: legalEntityOwnershipTypeLabels[value] }))}
          />
        )}
      </Stack>
    </StepFrame>
  );
}
