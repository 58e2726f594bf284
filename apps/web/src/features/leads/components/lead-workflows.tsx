import Add from '@mui/icons-material/Add';
import { Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { workflowStatusLabels, type TenantLead } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { formatMoney } from '../../../lib/format-number.ts';
import { useLeadWorkflows } from '../api/list-lead-workflows.ts';
import { CreateLeadWorkflowDialog } from './create-lead-workflow-dialog.tsx';

interface LeadWorkflowsProps {
  tenantId: string;
  lead: TenantLead;
}

/** Workflows (002 §4): the lead's workflows with their progress, and 'Create workflow'. */
export function LeadWorkflows({ tenantId, lead }: LeadWorkflowsProps) {
  const workflows = useLeadWorkflows(tenantId, lead._id);
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2}>
      {workflows.isPending ? (
        <SkeletonList rows={2} label="Loading workflows" />
      ) : workflows.error ? (
        <ErrorBlock error={workflows.error} onRetry={() => void workflows.refetch()} />
      ) : workflows.data.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No workflows yet.
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" aria-label="Workflows" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {workflows.data.data.map((w) => {
            const labelId = `lead-workflow-${w._id}`;
            return (
              <Box component="li" key={w._id}>
                {w.type === 'investment' ? (
                  <Link
                    component={RouterLink}
                    to={`/institution/investments/${encodeURIComponent(w._id)}`}
                    variant="body2"
                    id={labelId}
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {w.name}
                  </Link>
                ) : (
                  <Typography variant="body2" id={labelId} sx={{ overflowWrap: 'anywhere' }}>
                    {w.name}
                  </Typography>
                )}
                <Stack direction="row" sx={{ justifyContent: 'space-between', color: 'text.secondary', gap: 1 }}>
                  <Typography variant="caption">
                    {workflowStatusLabels[w.status]}
                    {w.amount !== null && ` · ${formatMoney(w.amount)}`}
                  </Typography>
                  <Typography variant="caption">{w.percentComplete}%</Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={w.percentComplete}
                  aria-labelledby={labelId}
                  sx={{ height: 6, borderRadius: 3 }}
                />
              </Box>
            );
          })}
        </Stack>
      )}
      <Button variant="outlined" startIcon={<Add />} onClick={() => setCreating(true)} sx={{ alignSelf: 'flex-start' }}>
        Create workflow
      </Button>
      {/* Mounted only while open: its unsaved-changes guard is a router blocker, and a router holds one. */}
      {creating && <CreateLeadWorkflowDialog tenantId={tenantId} lead={lead} open onClose={() => setCreating(false)} />}
    </Stack>
  );
}
