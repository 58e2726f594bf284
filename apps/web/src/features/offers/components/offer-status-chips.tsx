import { Chip } from '@mui/material';
import { approvalStatusLabels, listingStatusLabels, type ApprovalStatus, type ListingStatus } from '@tessera/domain';

const APPROVAL_COLOR = { pending: 'warning', approved: 'success', rejected: 'error' } as const;
const LISTING_COLOR = { open: 'success', upcoming: 'info', closed: 'default', none: 'default' } as const;

export function ApprovalChip({ status }: { status: ApprovalStatus }) {
  return <Chip size="small" variant="outlined" color={APPROVAL_COLOR[status]} label={approvalStatusLabels[status]} />;
}

/** §4: open offers show no badge, the others show theirs; `showOpen` is for the status editor, which previews the derived status. */
export function ListingStatusBadge({ status, showOpen = false }: { status: ListingStatus; showOpen?: boolean }) {
  if (status === 'open' && !showOpen) return null;
  return <Chip size="small" color={LISTING_COLOR[status]} label={listingStatusLabels[status]} />;
}
