import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import {
  investmentStepKey,
  previousStepKey,
  workflowNextStep,
  type InvestmentStepKey,
  type Workflow,
  type WorkflowStep,
} from '@tessera/domain';
import { Suspense, useCallback, useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { NotFoundView } from '../../../components/not-found-view.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useWorkflow } from '../api/get-workflow.ts';
import { stepScreens } from './steps/index.ts';
import type { StepProps } from './steps/step-props.ts';
import { WorkflowProgress } from './workflow-progress.tsx';

type InvestmentStep = WorkflowStep & { key: InvestmentStepKey };

const isInvestmentStep = (step: WorkflowStep): step is InvestmentStep => investmentStepKey.safeParse(step.key).success;

/** 001 §2: a staging flag shows extra markers; on a staging build (VITE_STAGING) or with `?staging=1`. */
function useStaging(params: URLSearchParams): boolean {
  return import.meta.env.VITE_STAGING === 'true' || params.get('staging') === '1';
}

/** The step to open without `?step=`: the current step unless it is done, else the first not done, else the first. */
function defaultStepKey(workflow: Workflow): string | null {
  return workflowNextStep(workflow.steps, workflow.currentStepKey)?.key ?? workflow.steps[0]?.key ?? null;
}

/** A completed workflow (001 §4: its last step submitted) opens on this read-only state. */
function SubmittedView({ workflow }: { workflow: Workflow }) {
  const offerName = workflow.offer?.name ?? workflow.name;
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CheckCircle color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        Subscription submitted
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mb: 3 }}>
        {`Your subscription to ${offerName} was submitted${workflow.completedAt ? ` on ${formatDate(workflow.completedAt)}` : ''}. `}
        {`${workflow.institution?.name ?? 'The sponsor'} has been notified and will be in touch about funding.`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to="?step=summary">
          Review your subscription
        </Button>
        <Button variant="outlined" component={RouterLink} to="/investor/investments">
          Your investments
        </Button>
        <Button variant="text" component={RouterLink} to="/marketplace/offers">
          Browse the marketplace
        </Button>
      </Stack>
    </Card>
  );
}

function StepFallback() {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 4 } }} aria-busy="true" aria-label="Loading the step">
      <Skeleton width="40%" height={36} />
      <Skeleton width="70%" />
      <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
    </Card>
  );
}

/** The shown step, the progress beside it (above it on a phone) and the moves between steps. */
function WorkflowScreen({ workflow, tenantId }: { workflow: Workflow; tenantId: string }) {
  const [params, setParams] = useSearchParams();
  const staging = useStaging(params);
  const requested = params.get('step');
  const requestedStep = workflow.steps.find((s) => s.key === requested);
  const completed = workflow.status === 'completed';
  const shownKey = requestedStep?.key ?? (completed ? null : defaultStepKey(workflow));

  // Without a usable `?step=`, the address names the step shown (replacing it: no extra history entry).
  useEffect(() => {
    if (shownKey && requested !== shownKey)
      setParams(
        (p) => {
          p.set('step', shownKey);
          return p;
        },
        { replace: true },
      );
  }, [shownKey, requested, setParams]);

  const goToStep = useCallback(
    (key: string) =>
      setParams((p) => {
        p.set('step', key);
        return p;
      }),
    [setParams],
  );

  // 001 §2/§4: after a step completes, the `step` query follows the workflow's new current step; the last one
  // completed opens the submitted state.
  const onCompleted = useCallback(
    (moved: Workflow) => {
      if (moved.status === 'completed')
        setParams((p) => {
          p.delete('step');
          return p;
        });
      else {
        const next = defaultStepKey(moved);
        if (next) goToStep(next);
      }
      window.scrollTo?.({ top: 0 });
    },
    [goToStep, setParams],
  );

  const step = workflow.steps.find((s) => s.key === shownKey);
  const back = shownKey ? previousStepKey(workflow.steps, shownKey) : null;

  let content;
  if (!step) content = <SubmittedView workflow={workflow} />;
  else if (!isInvestmentStep(step))
    content = <ErrorBlock error={new Error(`This workflow has a step this app does not know (${step.key}).`)} />;
  else {
    const Screen = stepScreens[step.key];
    const props: StepProps = {
      tenantId,
      workflow,
      step,
      onBack: back ? () => goToStep(back) : null,
      onCompleted,
      goToStep,
      staging,
    };
    content = (
      <Suspense fallback={<StepFallback />}>
        {/* A new step starts with a fresh form. */}
        <Screen key={step.key} {...props} />
      </Suspense>
    );
  }

  return (
    <Grid container spacing={3}>
      <title>{`${step ? `${step.name} · ` : ''}${workflow.offer?.name ?? workflow.name}`}</title>
      <Grid size={{ xs: 12, md: 4 }}>
        <WorkflowProgress workflow={workflow} shownKey={shownKey ?? ''} onOpen={goToStep} staging={staging} />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Stack spacing={2}>
          {staging && (
            <Alert
              severity="info"
              variant="outlined"
              data-testid="staging-markers"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              {`staging · workflow ${workflow._id} · ${workflow.status} · current ${workflow.currentStepKey ?? 'none'}`}
              {step && ` · shown ${step.key} (${step.status}) · back ${back ?? 'none'}`}
            </Alert>
          )}
          {content}
        </Stack>
      </Grid>
    </Grid>
  );
}

/** /investor/workflow/{workflowId}?step=: the investment workflow screen (001 §2), one step at a time. */
export function WorkflowPage() {
  const { workflowId } = useParams();
  const { tenantId } = useSession();
  const query = useWorkflow(tenantId ?? '', workflowId);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundView />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Button component={RouterLink} to="/investor/investments" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        All investments
      </Button>
      {query.isPending ? (
        <Box aria-busy="true" aria-label="Loading the workflow">
          <SkeletonList rows={5} />
        </Box>
      ) : query.error ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <WorkflowScreen workflow={query.data} tenantId={tenantId ?? ''} />
      )}
    </Container>
  );
}
