import { Box, Button, Stack, Typography } from '@mui/material';
import type { WorkflowStep } from '@tessera/domain';
import type { ReactNode } from 'react';

export interface StepFrameProps {
  step: Pick<WorkflowStep, 'name' | 'description'>;
  /** Back to the step before; null on the first step (no Back). */
  onBack: (() => void) | null;
  submitting: boolean;
  continueLabel?: string;
  /** Continue submits this form; without it Continue calls onContinue; with neither, Continue is disabled. */
  formId?: string;
  children: ReactNode;
  onContinue?: () => void;
}

/** A step's title and description, its content, then Back and Continue. */
export function StepFrame({ step, onBack, submitting, continueLabel = 'Continue', formId, children, onContinue }: StepFrameProps) {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h2" variant="h5">
          {step.name}
        </Typography>
        {step.description && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{step.description}</Typography>}
      </Box>
      {children}
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        {onBack ? (
          <Button variant="outlined" onClick={onBack} disabled={submitting}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button
          variant="contained"
          type={formId ? 'submit' : 'button'}
          form={formId}
          onClick={formId ? undefined : onContinue}
          disabled={!formId && !onContinue}
          loading={submitting}
        >
          {continueLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
