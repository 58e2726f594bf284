import Add from '@mui/icons-material/Add';
import LocalOffer from '@mui/icons-material/LocalOffer';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CardHeader,
  CardMedia,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  approvalStatusLabels,
  imageSrcSet,
  INSTITUTION_DASHBOARD_IMAGE_SIZES,
  INSTITUTION_DASHBOARD_OFFERS,
  institutionDashboardOffers,
  listingStatusLabels,
  offerAssetClassLabels,
  type OfferSummary,
} from '@tessera/domain';
import { formatMoney, formatPercent } from '../../../lib/format-number.ts';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useOffers } from '../../offers/index.ts';
import type { RaiseArea } from '../../../lib/use-raise-area.ts';

const APPROVAL_COLOR = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {/* A value, not a heading: subtitle2 would render an h6 and break the heading order. */}
      <Typography variant="subtitle2" component="p">
        {value}
      </Typography>
    </Box>
  );
}

function OfferCard({ offer, to }: { offer: OfferSummary; to: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {offer.heroImageUrl ? (
          <CardMedia
            component="img"
            image={offer.heroImageUrl}
            srcSet={imageSrcSet(offer.heroImageUrl)}
            sizes={INSTITUTION_DASHBOARD_IMAGE_SIZES}
            alt=""
            sx={{ height: 140, objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ height: 140, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }} aria-hidden>
            <LocalOffer color="disabled" sx={{ fontSize: 40 }} />
          </Box>
        )}
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {offer.name}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
            {/* Open offers show no badge (002 §4). */}
            {offer.listingStatus !== 'open' && <Chip size="small" label={listingStatusLabels[offer.listingStatus]} />}
            <Chip
              size="small"
              variant="outlined"
              color={APPROVAL_COLOR[offer.approvalStatus]}
              label={approvalStatusLabels[offer.approvalStatus]}
            />
            <Chip size="small" variant="outlined" label={offer.published ? 'Published' : 'Draft'} />
          </Stack>
          {offer.descriptionShort && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb: 1 }}
            >
              {offer.descriptionShort}
            </Typography>
          )}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Metric label="Min. Investment" value={formatMoney(offer.minimumInvestment)} />
            <Metric label="Target IRR" value={formatPercent(offer.targetIrr)} />
            <Metric label="Asset class" value={offer.assetClass ? offerAssetClassLabels[offer.assetClass] : '-'} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The institution's newest offers, three per row (one on phones), with 'View All (n)' and 'Create Offer'. */
export function OfferCards({
  tenantId,
  institutionId,
  area,
  offersPath,
}: {
  tenantId: string;
  institutionId: string;
  area: RaiseArea;
  offersPath: string;
}) {
  // The three newest (002 §2): the page's loader, and the page itself before the app (its early GETs), ask for the same list.
  const offers = useOffers(tenantId, institutionDashboardOffers(institutionId));
  const total = offers.data?.meta.total ?? 0;
  const create = (
    <Button component={RouterLink} to={`${offersPath}?modal=create`} variant="contained" size="small" startIcon={<Add />}>
      Create Offer
    </Button>
  );
  return (
    <Card variant="outlined">
      <CardHeader
        title="Offers"
        action={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={offersPath} size="small">
              {`View All (${total})`}
            </Button>
            {create}
          </Stack>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {offers.isPending ? (
          <Grid container spacing={2} aria-label="Loading offers" role="status">
            {Array.from({ length: INSTITUTION_DASHBOARD_OFFERS }, (_, i) => (
              <Grid key={i} size={{ xs: 12, md: 4 }}>
                <Skeleton variant="rounded" height={260} />
              </Grid>
            ))}
          </Grid>
        ) : offers.isError ? (
          <ErrorBlock error={offers.error} onRetry={() => void offers.refetch()} />
        ) : offers.data.data.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <LocalOffer color="disabled" sx={{ fontSize: 40 }} />
            <Typography color="text.secondary">No offers yet. Create the first one to start raising.</Typography>
          </Stack>
        ) : (
          <Grid container spacing={2}>
            {offers.data.data.map((offer) => (
              <Grid key={offer._id} size={{ xs: 12, md: 4 }}>
                <OfferCard offer={offer} to={area.offerPath(offer._id)} />
              </Grid>
            ))}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
