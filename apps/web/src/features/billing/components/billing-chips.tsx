import { Chip, type ChipProps } from '@mui/material';
import { invoiceStatusLabels, subscriptionStatusLabels, type InvoiceStatus, type SubscriptionStatus } from '@tessera/domain';

const SUBSCRIPTION_COLOURS: Record<SubscriptionStatus, ChipProps['color']> = {
  trialing: 'info',
  'trial-ended': 'warning',
  active: 'success',
  'past-due': 'error',
  canceled: 'default',
};

const INVOICE_COLOURS: Record<InvoiceStatus, ChipProps['color']> = {
  open: 'warning',
  paid: 'success',
  void: 'default',
  uncollectible: 'error',
};

/** Outlined, so the theme gives the label a shade that reads on paper in both modes (readableOnPaper). */
export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return <Chip size="small" variant="outlined" color={SUBSCRIPTION_COLOURS[status]} label={subscriptionStatusLabels[status]} />;
}

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  return <Chip size="small" variant="outlined" color={INVOICE_COLOURS[status]} label={invoiceStatusLabels[status]} />;
}
