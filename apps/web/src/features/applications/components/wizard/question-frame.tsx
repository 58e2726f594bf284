import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useWizard } from './wizard-context.tsx';
import { wizardProgress } from './wizard-progress.ts';

interface QuestionFrameProps {
  title: string;
  /** A sentence or two under the title: what the screen asks and why. */
  intro?: ReactNode;
  children?: ReactNode;
  /** Submits the screen (react-hook-form's handleSubmit); left out on the screens that end the wizard (no Next). */
  onSubmit?: () => Promise<unknown>;
  /** Next is enabled only when the screen's answers are valid (001 §5). */
  canSubmit?: boolean;
  submitLabel?: string;
  /** Another request of this screen is under way (an evaluator e-mail before the step). */
  busy?: boolean;
  /** An error of this screen's own calls, shown with the step's. */
  error?: string | null;
  /** Replaces Back and Next (a screen shown over another, with its own buttons). */
  actions?: ReactNode;
}

/**
 * One screen of the wizard: the progress, the title, the questions, the server's refusal as an alert, then Back
 * (every screen but the first) and Next with its loading state.
 */
export function QuestionFrame({
  title,
  intro,
  children,
  onSubmit,
  canSubmit = true,
  submitLabel = 'Next',
  busy = false,
  error,
  actions,
}: QuestionFrameProps) {
  const wizard = useWizard();
  const progress = wizardProgress(wizard.questionId, wizard.application.questionData.identity);
  const pending = wizard.pending || busy;
  const shownError = error ?? wizard.error;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <title>{`${title} · Accreditation`}</title>
      <CardContent
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (onSubmit) void onSubmit();
        }}
        sx={{ p: { xs: 2, sm: 4 } }}
      >
        <Stack spacing={3}>
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              {`Step ${progress.step} of ${progress.total} · ${progress.stage}`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              aria-label="Application progress"
              sx={{ borderRadius: 1, height: 6 }}
            />
          </Box>
          <Box>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {intro && (
              <Typography component="div" sx={{ color: 'text.secondary', mt: 1 }}>
                {intro}
              </Typography>
            )}
          </Box>
          {children}
          {shownError && (
            <Alert severity="error" role="alert">
              {shownError}
            </Alert>
          )}
          {actions ?? (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              {wizard.questionId === 'identity' ? (
                <span />
              ) : (
                <Button variant="outlined" onClick={wizard.back} disabled={pending} loading={wizard.moving === 'back'}>
                  Back
                </Button>
              )}
              {onSubmit && (
                <Button type="submit" variant="contained" disabled={!canSubmit || pending} loading={busy || wizard.moving === 'next'}>
                  {submitLabel}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
