import Refresh from '@mui/icons-material/Refresh';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import {
  WEBHOOK_EVENTS,
  webhookDeliveryStatus,
  webhookDeliveryStatusLabels,
  webhookEventType,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@tessera/domain';
import { useId, useMemo, useState } from 'react';
import { DataGrid } from '../../../components/data-grid.tsx';
import { GRID_DEFAULT_PAGINATION } from '../../../components/grid-defaults.ts';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useRefreshWebhooks } from '../api/refresh-webhooks.ts';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';
import type { WebhookOwner } from '../api/webhook-owner.ts';
import { WebhookDeliveryDetail } from './webhook-delivery-detail.tsx';
import { WebhookStatusChip } from './webhook-status-chip.tsx';

const lastAttempt = (d: WebhookDelivery) => d.attempts.at(-1) ?? null;

interface WebhookDeliveriesDialogProps {
  owner: WebhookOwner;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}

/** An endpoint's deliveries, newest first, paged by the server; a row opens the delivery with its attempts and Replay. */
export function WebhookDeliveriesDialog({ owner, endpoint, onClose }: WebhookDeliveriesDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={endpoint !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Deliveries</DialogTitle>
      {endpoint && <Deliveries key={endpoint._id} owner={owner} endpoint={endpoint} />}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Deliveries({ owner, endpoint }: { owner: WebhookOwner; endpoint: WebhookEndpoint }) {
  const [opened, setOpened] = useState<string | null>(null);
  const [paging, setPaging] = useState<GridPaginationModel>(GRID_DEFAULT_PAGINATION);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [eventType, setEventType] = useState<WebhookEventType | ''>('');
  const deliveries = useWebhookDeliveries(owner, endpoint._id, {
    page: paging.page + 1,
    limit: paging.pageSize,
    ...(status ? { status } : {}),
    ...(eventType ? { eventType } : {}),
  });
  // A new filter starts again from the first page.
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPaging((p) => ({ ...p, page: 0 }));
    };
  const refresh = useRefreshWebhooks(owner);

  const columns = useMemo<GridColDef<WebhookDelivery>[]>(
    () => [
      {
        field: 'eventType',
        headerName: 'Event',
        minWidth: 200,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => (
          <span>
            {WEBHOOK_EVENTS[row.eventType].label} <code>{row.eventType}</code>
          </span>
        ),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <WebhookStatusChip status={row.status} />,
      },
      { field: 'attempts', headerName: 'Attempts', width: 90, sortable: false, valueGetter: (_v, row) => row.attempts.length },
      {
        field: 'response',
        headerName: 'Response',
        width: 100,
        sortable: false,
        valueGetter: (_v, row) => lastAttempt(row)?.responseStatus ?? null,
        valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
      },
      {
        field: 'createdAt',
        headerName: 'Time',
        width: 180,
        sortable: false,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'open',
        headerName: '',
        width: 90,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Button
            size="small"
            onClick={() => setOpened(row._id)}
            aria-label={`Details of ${row.eventType} at ${formatDateTime(row.createdAt)}`}
          >
            Details
          </Button>
        ),
      },
    ],
    [],
  );

  if (opened)
    return (
      <DialogContent>
        <WebhookDeliveryDetail owner={owner} endpointId={endpoint._id} deliveryId={opened} onBack={() => setOpened(null)} />
      </DialogContent>
    );

  return (
    <DialogContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
          {endpoint.url}
        </Typography>
        <Button startIcon={<Refresh />} onClick={refresh} loading={deliveries.isFetching && !deliveries.isPending} loadingPosition="start">
          Refresh
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => filterBy(setStatus)(e.target.value as WebhookDeliveryStatus | '')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {webhookDeliveryStatus.options.map((s) => (
            <MenuItem key={s} value={s}>
              {webhookDeliveryStatusLabels[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Event"
          value={eventType}
          onChange={(e) => filterBy(setEventType)(e.target.value as WebhookEventType | '')}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">All events</MenuItem>
          {webhookEventType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {WEBHOOK_EVENTS[t].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {deliveries.isError && !deliveries.data ? (
        <ErrorBlock error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : (
        <div style={{ width: '100%' }}>
          <DataGrid
            label="Deliveries"
            rows={deliveries.data?.data}
            columns={columns}
            loading={deliveries.isPending}
            emptyText={status || eventType ? 'No deliveries match these filters' : 'No deliveries yet'}
            onRowClick={(row) => setOpened(row._id)}
            rowCount={deliveries.data?.meta.total ?? 0}
            paginationModel={paging}
            onPaginationModelChange={setPaging}
          />
        </div>
      )}
    </DialogContent>
  );
}
