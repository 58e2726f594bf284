import { Box, Card, Skeleton, Stack } from '@mui/material';
import type { OfferCardView } from './offer-card.tsx';

/** A card's outline while the list loads, laid out as a card so nothing moves when the offers arrive. */
export function OfferCardSkeleton({ view = 'grid' }: { view?: OfferCardView }) {
  const list = view === 'list';
  return (
    <Card
      variant="outlined"
      aria-hidden
      data-testid="offer-card-skeleton"
      sx={{ display: 'flex', flexDirection: list ? { xs: 'column', sm: 'row' } : 'column' }}
    >
      <Box sx={{ width: list ? { xs: '100%', sm: 280 } : '100%', flexShrink: 0 }}>
        <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} />
      </Box>
      <Stack spacing={1} sx={{ p: 2, flex: 1 }}>
        <Skeleton width="40%" />
        <Skeleton variant="text" sx={{ fontSize: '1.25rem' }} width="80%" />
        <Skeleton width="60%" />
        <Stack direction="row" spacing={0.5}>
          <Skeleton variant="rounded" width={64} height={24} />
          <Skeleton variant="rounded" width={64} height={24} />
        </Stack>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={36} />
      </Stack>
    </Card>
  );
}
