import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { offerCardMetrics, type OfferClass } from '@tessera/domain';
import { formatMoney, formatMonths, formatPercent } from '../../../lib/format-number.ts';
import { Link as RouterLink } from 'react-router';

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The hero metrics (001 §2): the lowest minimum investment, the highest target IRR and the shortest holding period across classes. */
export function MarketplaceOfferHero({ classes, aboutPath }: { classes: readonly OfferClass[]; aboutPath: string }) {
  const metrics = offerCardMetrics(classes);
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Metric label="Min. Investment" value={formatMoney(metrics.minimumInvestment)} />
          <Metric label="Target IRR" value={formatPercent(metrics.targetIrr)} />
          <Metric label="Holding Period (m)" value={formatMonths(metrics.holdingPeriod)} />
          <Box sx={{ justifySelf: { xs: 'start', md: 'end' } }}>
            <Button component={RouterLink} to={aboutPath}>
              More details
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
