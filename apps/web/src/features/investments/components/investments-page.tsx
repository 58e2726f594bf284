import Storefront from '@mui/icons-material/Storefront';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  LinearProgress,
  Pagination,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { workflowStatusLabels, type WorkflowStatus, type WorkflowSummary } from '@tessera/domain';
import { useId } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { formatMoney } from '../../../lib/format-number.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useWorkflows } from '../api/list-workflows.ts';

const PAGE_SIZE = 12;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Continue opens the workflow at the step to do next (001 §2 `?step=`); a completed one opens on its submitted state. */
const workflowLink = (workflow: WorkflowSummary) =>
  `/investor/workflow/${workflow._id}${workflow.status === 'in-progress' && workflow.nextStep ? `?step=${encodeURIComponent(workflow.nextStep.key)}` : ''}`;

/** One investment (001 §2 Investments screen): offer, institution, status, progress, amount, next step. */
function InvestmentCard({ workflow }: { workflow: WorkflowSummary }) {
  const titleId = useId();
  const title = workflow.offer?.name ?? workflow.name;
  const completed = workflow.status === 'completed';
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 0.5 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Chip size="small" color={completed ? 'success' : 'info'} variant="outlined" label={workflowStatusLabels[workflow.status]} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {workflow.institution?.name ?? 'Institution not set'}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" id={`${titleId}-progress`}>
            Progress
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${workflow.percentComplete}% complete`}</Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={workflow.percentComplete}
          aria-labelledby={`${titleId}-progress`}
          sx={{ height: 8, borderRadius: 4, mb: 2 }}
        />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, m: 0 }}>
          <Field label="Investment amount" value={formatMoney(workflow.amount)} />
          <Field label="Next step" value={workflow.nextStep?.name ?? 'All steps done'} />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={workflowLink(workflow)}
          variant={completed ? 'outlined' : 'contained'}
          aria-label={`${completed ? 'View' : 'Continue'} ${title}`}
          fullWidth
        >
          {completed ? 'View' : 'Continue'}
        </Button>
      </CardActions>
    </Card>
  );
}

function EmptyInvestments({ status }: { status: WorkflowStatus }) {
  if (status === 'completed')
    return (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 3 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          No completed investments yet
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto' }}>
          An investment shows here once its subscription is signed and submitted.
        </Typography>
      </Card>
    );
  return (
    <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 3 }}>
      <Storefront sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        No investments in progress
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 480, mx: 'auto' }}>
        Browse the marketplace to find an offer to invest in. Investments you start show here until every step is done.
      </Typography>
      <Button component={RouterLink} to="/marketplace/offers" variant="contained">
        Browse the Marketplace
      </Button>
    </Card>
  );
}

/** /investor/investments: the member's investment workflows, in progress or completed, newest first (001 §2). */
export function InvestmentsPage() {
  const { tenantId } = useSession();
  const { name: tenantName } = useTenant();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // The in-progress ones by default (001 §2); the completed ones on their own tab (issue #20: a submitted subscription shows here).
  const status: WorkflowStatus = params.get('status') === 'completed' ? 'completed' : 'in-progress';
  const { data, error, isPending, refetch } = useWorkflows(tenantId ?? '', {
    type: 'investment',
    status,
    page,
    limit: PAGE_SIZE,
  });
  const pages = data ? Math.ceil(data.meta.total / PAGE_SIZE) : 0;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Investments · ${tenantName}`}</title>
      <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
        Investments
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        {status === 'completed' ? 'Your submitted investments, newest first.' : 'Your investments in progress, newest first.'}
      </Typography>
      <Tabs
        value={status}
        onChange={(_, next: WorkflowStatus) => setParams(next === 'in-progress' ? {} : { status: next })}
        aria-label="Investment status"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="in-progress" label={workflowStatusLabels['in-progress']} />
        <Tab value="completed" label={workflowStatusLabels.completed} />
      </Tabs>
      {error ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Grid container spacing={2} role="progressbar" aria-label="Loading investments" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={280} />
            </Grid>
          ))}
        </Grid>
      ) : data.data.length === 0 ? (
        <EmptyInvestments status={status} />
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="section"
            aria-label={status === 'completed' ? 'Completed investments' : 'Investments in progress'}
          >
            {data.data.map((workflow) => (
              <Grid key={workflow._id} size={{ xs: 12, sm: 6, md: 4 }}>
                <InvestmentCard workflow={workflow} />
              </Grid>
            ))}
          </Grid>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={page}
              onChange={(_, next) => {
                const nextParams = new URLSearchParams(status === 'completed' ? { status } : {});
                if (next !== 1) nextParams.set('page', String(next));
                setParams(nextParams);
              }}
            />
          )}
        </>
      )}
    </Container>
  );
}
