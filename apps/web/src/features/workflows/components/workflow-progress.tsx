import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import TripOrigin from '@mui/icons-material/TripOrigin';
import {
  Box,
  Card,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { Workflow, WorkflowStep, WorkflowStepStatus } from '@tessera/domain';
import type { ReactNode } from 'react';

/** How each step's status reads in the step list. */
export const stepStatusLabels: Record<WorkflowStepStatus, string> = {
  pending: 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
  error: 'Needs attention',
};

const STATUS_ICONS: Record<WorkflowStepStatus, ReactNode> = {
  pending: <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.disabled' }} />,
  'in-progress': <TripOrigin fontSize="small" color="primary" />,
  completed: <CheckCircle fontSize="small" color="success" />,
  skipped: <RemoveCircleOutline fontSize="small" sx={{ color: 'text.secondary' }} />,
  error: <ErrorOutline fontSize="small" color="error" />,
};

/** A step can be opened once it was reached: done, skipped, under way, or the current one. */
export const stepReachable = (step: Pick<WorkflowStep, 'key' | 'status'>, currentKey: string | null) =>
  step.status !== 'pending' || step.key === currentKey;

interface WorkflowProgressProps {
  workflow: Workflow;
  shownKey: string;
  onOpen: (key: string) => void;
  staging: boolean;
}

function Heading({ workflow }: { workflow: Workflow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
        {workflow.institution?.name ?? 'Institution not set'}
      </Typography>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {workflow.offer?.name ?? workflow.name}
      </Typography>
    </Box>
  );
}

function Percent({ workflow, id }: { workflow: Workflow; id: string }) {
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" id={id}>
          Progress
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${workflow.percentComplete}% complete`}</Typography>
      </Stack>
      <LinearProgress variant="determinate" value={workflow.percentComplete} aria-labelledby={id} sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  );
}

/**
 * The workflow screen's header (001 §2): the offer, its institution and the percent complete, then the steps with
 * their statuses; on a phone a compact 'Step 3 of 13' with the step's name instead of the long list.
 */
export function WorkflowProgress({ workflow, shownKey, onOpen, staging }: WorkflowProgressProps) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const at = workflow.steps.findIndex((s) => s.key === shownKey);
  const shown = workflow.steps[at];

  if (!wide) {
    return (
      <Card variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <Stack spacing={1.5}>
          <Heading workflow={workflow} />
          <Percent workflow={workflow} id="workflow-progress-label" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {shown ? `Step ${at + 1} of ${workflow.steps.length} · ${shown.name}` : `All ${workflow.steps.length} steps done`}
            {staging && shown && ` · ${shown.key} (${shown.status})`}
          </Typography>
        </Stack>
      </Card>
    );
  }

  return (
    <Card variant="outlined" sx={{ p: 2, borderRadius: 3, position: 'sticky', top: 80 }}>
      <Stack spacing={2}>
        <Heading workflow={workflow} />
        <Percent workflow={workflow} id="workflow-progress-label" />
        <List dense disablePadding aria-label="Steps" component="ol" sx={{ mx: -1 }}>
          {workflow.steps.map((step, i) => {
            const reachable = stepReachable(step, workflow.currentStepKey) || workflow.status === 'completed';
            return (
              <li key={step.key}>
                <ListItemButton
                  selected={step.key === shownKey}
                  disabled={!reachable}
                  onClick={() => onOpen(step.key)}
                  aria-current={step.key === shownKey ? 'step' : undefined}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 32 }}>{STATUS_ICONS[step.status]}</ListItemIcon>
                  <ListItemText
                    primary={`${i + 1}. ${step.name}`}
                    // Staging (001 §2) adds each step's key and raw status under its name.
                    secondary={staging ? `${stepStatusLabels[step.status]} · ${step.key} (${step.status})` : stepStatusLabels[step.status]}
                    slotProps={{ secondary: { variant: 'caption', sx: staging ? { fontFamily: 'monospace' } : undefined } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
