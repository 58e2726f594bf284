import { Chip, type ChipProps } from '@mui/material';
import { webhookDeliveryStatusLabels, type WebhookDeliveryStatus } from '@tessera/domain';

const COLORS: Record<WebhookDeliveryStatus, ChipProps['color']> = {
  pending: 'default',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'error',
};

export function WebhookStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={webhookDeliveryStatusLabels[status]} />;
}
