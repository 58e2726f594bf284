import { Box, Button, Stack, Typography } from '@mui/material';
import { MARKETPLACE_IMAGE_SIZES, offerAssetClassLabels, offerTypeLabels, type MarketplaceOfferCard } from '@tessera/domain';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { offerPagePath } from '../hooks/use-invest-now.ts';
import { useOfferImpression } from '../hooks/use-offer-impression.ts';
import { OfferCardBanner } from './offer-card-banner.tsx';
import { OfferCardMetrics } from './offer-card-metrics.tsx';

/**
 * One handpicked deal: banner beside (or, on phones, above) its name, institution, key metrics and 'View Offer'.
 * The slide on show (`eager`) counts as an impression of its offer, as a card in view does.
 */
export function ShowcaseCarouselSlide({ offer, eager }: { offer: MarketplaceOfferCard; eager: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useOfferImpression(ref, offer._id, eager);
  const labels = [offer.assetClass && offerAssetClassLabels[offer.assetClass], offer.type && offerTypeLabels[offer.type]].filter(Boolean);
  return (
    <Stack
      ref={ref}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 3 }}
      sx={{ p: 2, pt: 1, alignItems: { sm: 'center' } }}
    >
      <Box sx={{ width: { xs: '100%', sm: '45%' }, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
        <OfferCardBanner src={offer.bannerUrl} sizes={MARKETPLACE_IMAGE_SIZES.showcaseBanner} eager={eager} />
      </Box>
      <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
        <Box>
          <Typography variant="h5" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {offer.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[offer.institution.name, ...labels].join(' · ')}
          </Typography>
        </Box>
        {offer.descriptionShort && (
          <Typography
            variant="body2"
            sx={{ display: { xs: 'none', md: '-webkit-box' }, WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {offer.descriptionShort}
          </Typography>
        )}
        <OfferCardMetrics offer={offer} />
        <Box>
          <Button component={RouterLink} to={offerPagePath(offer)} variant="contained" aria-label={`View Offer ${offer.name}`}>
            View Offer
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
