import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { WEBHOOK_EVENTS, WEBHOOK_TEXTS, type WebhookEndpoint } from '@tessera/domain';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendWebhookTest } from '../api/send-webhook-test.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import type { WebhookOwner } from '../api/webhook-owner.ts';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog.tsx';
import { WebhookStatusChip } from './webhook-status-chip.tsx';

export const NO_ENDPOINTS = 'No webhook endpoints yet';

/**
 * The webhook endpoints of a tenant or of one of its institutions: add (secret shown once), edit, enable, delete,
 * rotate the secret, send a test event, and each endpoint's deliveries with replay.
 */
export function WebhooksPanel({ owner, intro }: { owner: WebhookOwner; intro: string }) {
  const endpoints = useWebhookEndpoints(owner);
  const update = useUpdateWebhookEndpoint(owner);
  const remove = useDeleteWebhookEndpoint(owner);
  const rotate = useRotateWebhookSecret(owner);
  const test = useSendWebhookTest(owner);
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookEndpoint | null>(null);

  if (endpoints.error instanceof ApiError && endpoints.error.status === 403) {
    return (
      <Stack spacing={2}>
        <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
        <Alert severity="info">{endpoints.error.message}</Alert>
      </Stack>
    );
  }

  const actions = {
    toggle: (endpoint: WebhookEndpoint, enabled: boolean) =>
      update.mutate(
        { endpointId: endpoint._id, body: { enabled } },
        {
          onSuccess: () => enqueueSnackbar(WEBHOOK_TEXTS.updated, { variant: 'success' }),
          onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
        },
      ),
    test: (endpoint: WebhookEndpoint) =>
      test.mutate(endpoint._id, {
        onSuccess: () => enqueueSnackbar(WEBHOOK_TEXTS.testSent, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      }),
    rotate: (endpoint: WebhookEndpoint) =>
      confirm({
        title: 'Rotate signing secret',
        message: `A new secret signs every delivery to ${endpoint.url} from now on, and the current one stops at once: update your receiver with the new secret.`,
        confirmLabel: 'Rotate',
        destructive: true,
        onConfirm: () =>
          rotate.mutateAsync(endpoint._id).then((rotated) => {
            enqueueSnackbar(WEBHOOK_TEXTS.secretRotated, { variant: 'success' });
            setShown({ endpoint: rotated, reason: 'rotated' });
          }),
      }),
    remove: (endpoint: WebhookEndpoint) =>
      confirm({
        title: 'Delete webhook endpoint',
        message: `${endpoint.url} stops receiving events at once, and its deliveries are deleted. This action is irreversible.`,
        confirmLabel: 'Delete',
        destructive: true,
        onConfirm: () => remove.mutateAsync(endpoint._id).then(() => enqueueSnackbar(WEBHOOK_TEXTS.deleted, { variant: 'success' })),
      }),
  };

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
      <Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          Add endpoint
        </Button>
      </Box>
      {endpoints.isError ? (
        <ErrorBlock error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.isPending ? (
        <SkeletonList rows={2} rowHeight={96} label="Loading webhook endpoints" />
      ) : endpoints.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{NO_ENDPOINTS}</Typography>
      ) : (
        <Stack component="ul" spacing={2} aria-label="Webhook endpoints" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {endpoints.data.map((endpoint) => (
            <EndpointItem
              key={endpoint._id}
              endpoint={endpoint}
              onToggle={(enabled) => actions.toggle(endpoint, enabled)}
              onDeliveries={() => setDeliveriesOf(endpoint)}
              onTest={() => actions.test(endpoint)}
              onEdit={() => setEditing(endpoint)}
              onRotate={() => actions.rotate(endpoint)}
              onDelete={() => actions.remove(endpoint)}
              testing={test.isPending && test.variables === endpoint._id}
            />
          ))}
        </Stack>
      )}
      <WebhookEndpointDialog
        owner={owner}
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(endpoint) => {
          setEditing(null);
          setShown({ endpoint, reason: 'created' });
        }}
      />
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} />
      <WebhookDeliveriesDialog owner={owner} endpoint={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
      {confirmDialog}
    </Stack>
  );
}

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  testing: boolean;
  onToggle: (enabled: boolean) => void;
  onDeliveries: () => void;
  onTest: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

function EndpointItem({ endpoint, testing, onToggle, onDeliveries, onTest, onEdit, onRotate, onDelete }: EndpointItemProps) {
  const last = endpoint.lastDelivery;
  return (
    <Paper component="li" variant="outlined" aria-label={endpoint.url} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{endpoint.url}</Typography>
            {endpoint.description && <Typography sx={{ color: 'text.secondary' }}>{endpoint.description}</Typography>}
          </Box>
          <FormControlLabel
            sx={{ mr: 0 }}
            control={<Switch checked={endpoint.enabled} onChange={(e) => onToggle(e.target.checked)} />}
            label="Enabled"
          />
        </Stack>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {endpoint.events.map((type) => (
            <Chip key={type} size="small" label={WEBHOOK_EVENTS[type].label} />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Last delivery:
          </Typography>
          {last ? (
            <>
              <WebhookStatusChip status={last.status} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {last.responseStatus !== null && `HTTP ${last.responseStatus} · `}
                {formatDateTime(last.at)}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              none yet
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Signing secret <code>{endpoint.secretPrefix}…</code>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" onClick={onDeliveries}>
            Deliveries
          </Button>
          <Button size="small" onClick={onTest} loading={testing}>
            Send test event
          </Button>
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" onClick={onRotate}>
            Rotate secret
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
