import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Replay from '@mui/icons-material/Replay';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { WEBHOOK_EVENTS, WEBHOOK_TEXTS, type WebhookAttempt } from '@tessera/domain';
import { CodeBlock } from '../../../components/code-block.tsx';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRefreshWebhooks } from '../api/refresh-webhooks.ts';
import { useWebhookDelivery } from '../api/get-webhook-delivery.ts';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery.ts';
import type { WebhookOwner } from '../api/webhook-owner.ts';
import { WebhookStatusChip } from './webhook-status-chip.tsx';

interface WebhookDeliveryDetailProps {
  owner: WebhookOwner;
  endpointId: string;
  deliveryId: string;
  onBack: () => void;
}

/** One delivery: its event, the payload sent, every attempt with the receiver's answer, and Replay. */
export function WebhookDeliveryDetail({ owner, endpointId, deliveryId, onBack }: WebhookDeliveryDetailProps) {
  const { enqueueSnackbar } = useSnackbar();
  const delivery = useWebhookDelivery(owner, endpointId, deliveryId);
  const refresh = useRefreshWebhooks(owner);
  const replay = useReplayWebhookDelivery(owner, endpointId);
  const d = delivery.data;

  const onReplay = () =>
    replay.mutate(deliveryId, {
      onSuccess: () => {
        enqueueSnackbar(WEBHOOK_TEXTS.replayed, { variant: 'success' });
        onBack();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          All deliveries
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<Refresh />} onClick={refresh} loading={delivery.isFetching && !delivery.isPending} loadingPosition="start">
          Refresh
        </Button>
        <Button
          variant="contained"
          startIcon={<Replay />}
          onClick={onReplay}
          loading={replay.isPending}
          loadingPosition="start"
          disabled={!d}
        >
          Replay
        </Button>
      </Stack>
      {delivery.isError ? (
        <ErrorBlock error={delivery.error} onRetry={() => void delivery.refetch()} />
      ) : !d ? (
        <SkeletonList rows={4} label="Loading the delivery" />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography component="h3" variant="h6">
              {WEBHOOK_EVENTS[d.eventType].label}
            </Typography>
            <WebhookStatusChip status={d.status} />
          </Stack>
          <DefinitionList
            rows={[
              ['Event type', <code key="type">{d.eventType}</code>],
              ['Event id', <code key="id">{d.eventId}</code>],
              ['Created', formatDateTime(d.createdAt)],
              ...(d.nextAttemptAt ? [['Next attempt', formatDateTime(d.nextAttemptAt)] as const] : []),
              ...(d.replayOf ? [['Replay of', <code key="replay">{d.replayOf}</code>] as const] : []),
            ]}
          />
          <Typography component="h4" variant="subtitle1">
            Payload
          </Typography>
          <CodeBlock code={JSON.stringify(d.payload, null, 2)} label="Payload" testId="webhook-payload" />
          <Typography component="h4" variant="subtitle1">
            Attempts
          </Typography>
          {d.attempts.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No attempts yet: the delivery is waiting to be sent.</Typography>
          ) : (
            <Stack component="ol" spacing={1} aria-label="Attempts" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {d.attempts.map((attempt, i) => (
                <AttemptItem key={`${attempt.at}-${i}`} attempt={attempt} n={i + 1} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function AttemptItem({ attempt, n }: { attempt: WebhookAttempt; n: number }) {
  const answer = attempt.responseStatus === null ? 'No answer' : `HTTP ${attempt.responseStatus}`;
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        Attempt {n} · {formatDateTime(attempt.at)}
      </Typography>
      <Typography variant="body2" sx={{ color: ok ? 'success.main' : 'text.secondary' }}>
        {answer}
        {attempt.durationMs !== null && ` · ${attempt.durationMs} ms`}
      </Typography>
      {attempt.error && (
        <Alert severity="error" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {attempt.error}
        </Alert>
      )}
      {attempt.responseBody && (
        <Box
          component="pre"
          aria-label={`Response body of attempt ${n}`}
          sx={{
            m: 0,
            mt: 1,
            p: 1,
            fontSize: '0.8rem',
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
            maxHeight: 200,
            overflow: 'auto',
          }}
        >
          {attempt.responseBody}
        </Box>
      )}
    </Paper>
  );
}
