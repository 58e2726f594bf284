import { zodResolver } from '@hookform/resolvers/zod';
import { Skeleton, Stack, Typography } from '@mui/material';
import { contributionData, type OfferClass } from '@tessera/domain';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceField } from '../../../../components/choice-field.tsx';
import { ErrorBlock } from '../../../../components/error-block.tsx';
import { CurrencyInput, UnitNumberInput } from '../../../../components/masked-input.tsx';
import { useMarketplaceOffer } from '../../../marketplace/index.ts';
import { useStepAction } from '../../hooks/use-step-action.ts';
import { StepFrame } from '../step-frame.tsx';
import { isValidationRefusal } from '../workflow-toasts.ts';
import { classTermsLine, contributionProblem, unitsFor } from './contribution-rules.ts';
import type { StepProps } from './step-props.ts';

type Values = { unitClass: string; amount: number | null };

/** The step's schema with the chosen class's bounds, so the form refuses what the server would. */
function schemaFor(classes: readonly OfferClass[]) {
  return z.object({ unitClass: contributionData.shape.unitClass, amount: contributionData.shape.amount }).superRefine((v, ctx) => {
    const chosen = classes.find((c) => c.id === v.unitClass);
    const problem = chosen ? contributionProblem(chosen, v.amount) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
}

function defaultClass(classes: readonly OfferClass[], saved: unknown, amount: number | null): string {
  if (typeof saved === 'string' && classes.some((c) => c.id === saved)) return saved;
  return (classes.find((c) => c.minimumInvestment === amount) ?? classes[0])?.id ?? '';
}

function ContributionForm({ props, classes }: { props: StepProps; classes: OfferClass[] }) {
  const { workflow, step, onBack } = props;
  const formId = useId();
  const action = useStepAction(props);
  const savedAmount = typeof step.data.amount === 'number' ? step.data.amount : workflow.config.amount;
  const schema = useMemo(() => schemaFor(classes), [classes]);
  const { control, handleSubmit, setValue, setError } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema) as never,
    defaultValues: { unitClass: defaultClass(classes, step.data.unitClass, savedAmount), amount: savedAmount },
    mode: 'onTouched',
  });
  const unitClass = useWatch({ control, name: 'unitClass' });
  const amount = useWatch({ control, name: 'amount' });
  const chosen = classes.find((c) => c.id === unitClass);
  const pricePerUnit = chosen?.pricePerUnit ?? null;

  const submit = handleSubmit((values) =>
    action.complete(
      { unitClass: values.unitClass, amount: values.amount, unitQuantity: unitsFor(values.amount, pricePerUnit) },
      {
        // The server's refusal of the amount (its bounds) belongs on the field.
        onError: (error) => {
          if (!isValidationRefusal(error)) return false;
          setError('amount', { message: error.message }, { shouldFocus: true });
          return true;
        },
      },
    ),
  );

  return (
    <StepFrame step={step} onBack={onBack} submitting={action.submitting} formId={formId}>
      <Stack component="form" id={formId} noValidate spacing={3} onSubmit={(e) => void submit(e)}>
        <ChoiceField
          control={control}
          name="unitClass"
          label="Class"
          options={classes.map((c) => ({ value: c.id, label: c.name, description: classTermsLine(c) }))}
        />
        <Controller
          control={control}
          name="amount"
          render={({ field, fieldState }) => (
            <CurrencyInput
              {...field}
              onChange={(value) => field.onChange(value)}
              label="Investment amount"
              required
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (chosen ? classTermsLine(chosen) : ' ')}
            />
          )}
        />
        {pricePerUnit !== null && pricePerUnit > 0 && (
          <UnitNumberInput
            label="Units"
            unit="units"
            decimals={0}
            fullWidth
            value={amount === null ? null : unitsFor(amount, pricePerUnit)}
            onChange={(units) => setValue('amount', units === null ? null : units * pricePerUnit, { shouldValidate: true })}
            helperText={
              amount !== null && unitsFor(amount, pricePerUnit) === null ? 'The amount is not a whole number of units' : 'Whole units'
            }
          />
        )}
      </Stack>
    </StepFrame>
  );
}

/** Contribution (001 §3): the class and the amount (units when the class has a price per unit), within the class's bounds. */
export function ContributionStep(props: StepProps) {
  const offer = useMarketplaceOffer(props.tenantId, props.workflow.config.offer ?? '');
  if (offer.error) return <ErrorBlock error={offer.error} onRetry={() => void offer.refetch()} />;
  if (offer.isPending)
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading the offer's classes">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  if (offer.data.classes.length === 0)
    return (
      <StepFrame step={props.step} onBack={props.onBack} submitting={false}>
        <Typography sx={{ color: 'text.secondary' }}>This offer has no classes to invest in yet.</Typography>
      </StepFrame>
    );
  return <ContributionForm props={props} classes={offer.data.classes} />;
}
