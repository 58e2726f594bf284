import { Box, Typography } from '@mui/material';
import { formatMultiple, type MarketplaceOfferCard } from '@tessera/domain';
import { formatOfferMoney, formatOfferPercent } from './offer-format.ts';

/** Target IRR as stored (12.5 means 12.5 %), divided by 100 and shown as a percent (002 §9); '-' when unset. */
export const formatTargetIrr = formatOfferPercent;

/** Min. Investment in whole dollars; cents add nothing to a minimum ticket. */
export const formatMinimumInvestment = formatOfferMoney;

type Metrics = Pick<MarketplaceOfferCard, 'minimumInvestment' | 'targetIrr' | 'equityMultiple'>;

/** The three card metrics (001 §2, 002 §9) as label and value pairs. */
export function offerCardMetrics(offer: Metrics): { label: string; value: string }[] {
  return [
    { label: 'Min. Investment', value: formatMinimumInvestment(offer.minimumInvestment) },
    { label: 'Target IRR', value: formatTargetIrr(offer.targetIrr) },
    { label: 'Avg. Equity Mult.', value: formatMultiple(offer.equityMultiple) },
  ];
}

/** The metrics as a description list, in three columns that keep their width from 360 px up. */
export function OfferCardMetrics({ offer, dense = false }: { offer: Metrics; dense?: boolean }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}>
      {offerCardMetrics(offer).map(({ label, value }) => (
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
