import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { workflowStatusLabels, type WorkflowStatus } from '@tessera/domain';

/** A workflow's status (002 §3): in progress, or completed once every step is done. */
export function WorkflowStatusChip({ status }: { status: WorkflowStatus }) {
  return (
    <Chip
      size="small"
      label={workflowStatusLabels[status]}
      color={status === 'completed' ? 'success' : 'info'}
      variant={status === 'completed' ? 'filled' : 'outlined'}
    />
  );
}

/** Percent complete (002 §4: completed steps over all, rounded down) as a bar with its number beside it. */
export function PercentComplete({ value, minWidth = 120 }: { value: number; minWidth?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', minWidth }}>
      <LinearProgress variant="determinate" value={value} aria-label={`${value}% complete`} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>{`${value}%`}</Typography>
    </Box>
  );
}
