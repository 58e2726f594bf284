import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  BILLING_TEXTS,
  billingIntervalLabels,
  formatMoney,
  type BillingInterval,
  type PaidPlan,
  type ProrationPreview,
} from '@tessera/domain';
import { useId } from 'react';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useChangePlan } from '../api/change-plan.ts';
import { useProration } from '../api/get-proration.ts';
import { periodText } from './billing-format.ts';

function ProrationLines({ preview }: { preview: ProrationPreview }) {
  const money = (cents: number) => formatMoney(cents, preview.currency);
  const rows: [string, string][] = [
    ['Credit for unused time', preview.credit > 0 ? `−${money(preview.credit)}` : money(0)],
    ['Charge for the new plan', money(preview.charge)],
    ['Total due now', money(preview.total)],
  ];
  if (preview.creditAfter > 0) rows.push(['Credit left after the change', money(preview.creditAfter)]);
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label="Proration">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.lines.map((line, index) => (
            // Lines carry no id; the preview's order never changes.
            <TableRow key={index}>
              <TableCell>
                {line.description}
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {periodText(line.periodStart, line.periodEnd)}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DefinitionList rows={rows} />
    </Stack>
  );
}

interface PlanChangeDialogProps {
  tenantId: string;
  institutionId: string;
  plan: PaidPlan;
  planName: string;
  interval: BillingInterval;
  upgrade: boolean;
  onClose: () => void;
}

/** Shows what the change invoices now (GET …/plan/proration) and changes plan only on 'Confirm'. */
export function PlanChangeDialog({ tenantId, institutionId, plan, planName, interval, upgrade, onClose }: PlanChangeDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const preview = useProration(tenantId, institutionId, plan, interval);
  const change = useChangePlan(tenantId, institutionId);
  const close = () => {
    if (!change.isPending) onClose();
  };
  const confirm = () =>
    change.mutate(
      { plan, interval },
      {
        onSuccess: () => {
          enqueueSnackbar(BILLING_TEXTS.planChanged, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>
        {upgrade ? 'Upgrade' : 'Change plan'} to {planName} ({billingIntervalLabels[interval]})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The change takes effect now. You get credit for the unused time of the current plan, and the new plan is charged for the rest of
            the period.
          </DialogContentText>
          {preview.error ? (
            <Alert severity="error">{errorMessage(preview.error)}</Alert>
          ) : !preview.data ? (
            <Stack spacing={1} aria-busy="true" aria-label="Loading the proration">
              <Skeleton variant="rounded" height={32} />
              <Skeleton variant="rounded" height={32} />
              <Skeleton variant="rounded" height={32} />
            </Stack>
          ) : (
            <ProrationLines preview={preview.data} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={change.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!preview.data} loading={change.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
