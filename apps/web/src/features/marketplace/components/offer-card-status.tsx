import { Box, Chip } from '@mui/material';
import { listingStatusLabels, type ListingStatus } from '@tessera/domain';

const STATUS_COLOR = { upcoming: 'info', closed: 'default', none: 'default', open: 'success' } as const;

/**
 * The listing status badge of a card (002 §4): open offers show none, the others their status as a coloured dot
 * and label, the dot style used for statuses elsewhere.
 */
export function OfferCardStatus({ status }: { status: ListingStatus }) {
  if (status === 'open') return null;
  const color = STATUS_COLOR[status];
  return (
    <Chip
      size="small"
      label={listingStatusLabels[status]}
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: color === 'default' ? 'text.disabled' : `${color}.main` }}
        />
      }
      sx={{ bgcolor: 'background.paper', color: 'text.primary', boxShadow: 1, '& .MuiChip-icon': { ml: 1, mr: -0.25 } }}
    />
  );
}
