import { Box, Typography } from '@mui/material';
import { offerCardMetricItems, type MarketplaceOfferCard } from '@tessera/domain';

type Metrics = Pick<MarketplaceOfferCard, 'minimumInvestment' | 'targetIrr' | 'equityMultiple'>;

/** The card metrics (001 §2, 002 §9) as a description list, in three columns that keep their width from 360 px up. */
export function OfferCardMetrics({ offer, dense = false }: { offer: Metrics; dense?: boolean }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}>
      {offerCardMetricItems(offer).map(({ label, value }) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}>
            {label}
          </Typography>
          <Typography component="dd" variant={dense ? 'body2' : 'subtitle2'} sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
