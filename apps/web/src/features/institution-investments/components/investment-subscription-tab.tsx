import { Box, Card, CardContent, Chip, Divider, Grid, Stack, Typography } from '@mui/material';
import type { WorkflowStep, WorkflowStepStatus } from '@tessera/domain';
import { Fragment } from 'react';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { EsignaturePanel } from './esignature-panel.tsx';
import { useInvestmentContext } from './investment-review-page.tsx';
import { stepAnswers, type AnswerRow } from './step-answers.ts';

const STEP_STATUS: Record<WorkflowStepStatus, { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  pending: { label: 'Pending', color: 'default' },
  'in-progress': { label: 'In progress', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
  skipped: { label: 'Skipped', color: 'warning' },
  error: { label: 'Error', color: 'error' },
};

/** Past this many characters a label is a statement (the representations), shown above its answer, not beside it. */
const LONG_LABEL = 48;

function StackedAnswers({ rows }: { rows: readonly AnswerRow[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function StepSection({ step, index }: { step: WorkflowStep; index: number }) {
  const answers = stepAnswers(step.key, step.data);
  const status = STEP_STATUS[step.status];
  const headingId = `step-${step.key}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: answers.length ? 1 : 0.5 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }}>
          {`${index + 1}. ${step.name}`}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant={step.status === 'completed' ? 'filled' : 'outlined'} />
      </Stack>
      {answers.length > 0 ? (
        answers.some(([label]) => label.length > LONG_LABEL) ? (
          <StackedAnswers rows={answers} />
        ) : (
          <DefinitionList rows={answers} />
        )
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {step.status === 'skipped' ? 'Skipped by the investor.' : 'Not answered yet.'}
        </Typography>
      )}
    </Box>
  );
}

/** The Subscription tab: every step's answers, read-only, beside the e-signature of the agreement. */
export function InvestmentSubscriptionTab() {
  const { tenantId, workflow } = useInvestmentContext();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2">
              Answers
            </Typography>
            {workflow.steps.map((step, i) => (
              <Fragment key={step.key}>
                {i > 0 && <Divider />}
                <StepSection step={step} index={i} />
              </Fragment>
            ))}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <EsignaturePanel tenantId={tenantId} workflowId={workflow._id} investor={workflow.ownerName} />
      </Grid>
    </Grid>
  );
}
