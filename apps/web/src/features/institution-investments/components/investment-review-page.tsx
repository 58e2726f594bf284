import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { Workflow } from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useOutletContext, useParams } from 'react-router';
import { RecordPage } from '../../../components/record-page.tsx';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-number.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useWorkflow } from '../../workflows/index.ts';
import { investmentPath } from './institution-investments-page.tsx';
import { PercentComplete, WorkflowStatusChip } from './workflow-status-chip.tsx';

export interface InvestmentOutletContext {
  tenantId: string;
  workflow: Workflow;
}
export const useInvestmentContext = () => useOutletContext<InvestmentOutletContext>();

const TABS = [
  { segment: 'subscription', label: 'Subscription' },
  { segment: 'history', label: 'History' },
] as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Who invests in what, how much, and how far they are: the head of a subscription's review. */
function InvestmentHeader({ workflow }: { workflow: Workflow }) {
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {workflow.ownerName}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{`${workflow.ownerEmail} · ${workflow.name}`}</Typography>
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <WorkflowStatusChip status={workflow.status} />
        </Box>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
          >
            <Fact label="Offer">
              {workflow.offer ? (
                <Link component={RouterLink} to={`/institution/offers/${workflow.offer._id}/details`}>
                  {workflow.offer.name}
                </Link>
              ) : (
                'Offer removed'
              )}
            </Fact>
            <Fact label="Amount">{formatMoney(workflow.amount)}</Fact>
            <Fact label="Next step">{workflow.nextStep?.name ?? 'All steps done'}</Fact>
            <Fact label="Percent complete">
              <PercentComplete value={workflow.percentComplete} minWidth={0} />
            </Fact>
            <Fact label="Started">{formatDate(workflow.createdAt)}</Fact>
            <Fact label="Last updated">{formatDateTime(workflow.updatedAt)}</Fact>
            <Fact label="Completed">{workflow.completedAt ? formatDateTime(workflow.completedAt) : 'Not yet'}</Fact>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}

/**
 * /institution/investments/:workflowId (Raise mode): a read-only review of one subscription, its answers and signature
 * under Subscription and its timeline under History. Another institution's or a missing workflow is the 404 page.
 */
export function InvestmentReviewPage() {
  const { workflowId = '' } = useParams();
  const { tenantId } = useTenant();
  const query = useWorkflow(tenantId ?? '', workflowId);
  return (
    <RecordPage
      backTo="/institution/investments"
      backLabel="All investments"
      query={{ ...query, isPending: query.isPending || !tenantId }}
      skeletonRows={6}
    >
      {(workflow) => (
        <>
          <title>{`${workflow.ownerName} · ${workflow.name}`}</title>
          <InvestmentHeader workflow={workflow} />
          <SegmentTabs base={investmentPath(workflow._id)} tabs={TABS} label="Investment sections" />
          <Outlet context={{ tenantId: tenantId ?? '', workflow } satisfies InvestmentOutletContext} />
        </>
      )}
    </RecordPage>
  );
}
