import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { StepProps } from './steps/step-props.ts';

export interface StepFrameProps {
  /** The step shown: its name is the title and its description the line under it (unless `title`/`description` say otherwise). */
  step: StepProps['step'];
  /** Back to the step before (the screen's, skipped steps passed over); null hides Back (the first step). */
  onBack: (() => void) | null;
  /** The step's call is under way: Continue shows its loading state, Back and Continue are disabled. */
  submitting: boolean;
  /** Defaults to 'Continue'. */
  continueLabel?: string;
  /**
   * The id of the step's own `<form>` (react-hook-form's handleSubmit): Continue is that form's submit button
   * (`type="submit" form={formId}`), so Enter in a field and Continue do the same thing.
   */
  formId?: string;
  /** Without a form: what Continue does. Neither `formId` nor `onContinue`: no Continue button (a read-only step). */
  onContinue?: () => void;
  /** Continue stays disabled (e.g. nothing chosen yet) when true. */
  continueDisabled?: boolean;
  /** A refusal of the step's own (the server's message when it is not about one field). */
  error?: string | null;
  /** Overrides the step's name / description. */
  title?: string;
  description?: ReactNode;
  /** More buttons beside Continue (e.g. Skip). */
  extraActions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of one investment workflow step (001 §2 investment workflow screen): the step's title and description,
 * its content, an error, then Back and Continue with Continue's loading state. Every step's screen uses it, so they
 * look and behave alike; the workflow screen around it shows the progress.
 */
export function StepFrame({
  step,
  onBack,
  submitting,
  continueLabel = 'Continue',
  formId,
  onContinue,
  continueDisabled = false,
  error,
  title,
  description,
  extraActions,
  children,
}: StepFrameProps) {
  const shownDescription = description ?? step.description;
  const hasContinue = formId !== undefined || onContinue !== undefined;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} component="section" aria-labelledby={`step-title-${step.key}`}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography id={`step-title-${step.key}`} component="h2" variant="h5" sx={{ fontWeight: 600 }}>
              {title ?? step.name}
            </Typography>
            {shownDescription && (
              <Typography component="div" sx={{ color: 'text.secondary', mt: 1 }}>
                {shownDescription}
              </Typography>
            )}
          </Box>
          {children}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            {onBack ? (
              <Button variant="outlined" onClick={onBack} disabled={submitting}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {extraActions}
              {hasContinue && (
                <Button
                  variant="contained"
                  type={formId ? 'submit' : 'button'}
                  form={formId}
                  onClick={formId ? undefined : onContinue}
                  disabled={continueDisabled || submitting}
                  loading={submitting}
                >
                  {continueLabel}
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
