import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  listingStatusColors,
  listingStatusLabels,
  offerAssetClassLabels,
  offerCtaHasLabel,
  offerTypeLabels,
  type MarketplaceOffer,
} from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { AskAdvisorButton } from '../../advisor/index.ts';
import { Banner } from './banner.tsx';
import { InstitutionLogoAvatar } from './institution-summary-card.tsx';
import { useOfferCta } from './use-offer-cta.ts';

/**
 * The offer's header (001 §2): banner, logo, title, a subtitle of type, asset class and status, the status badge
 * (none for open offers) and the buttons of the spec: each CTA only with a label, 'Learn More' only without a primary
 * label, and 'View Details', disabled on the About tab; 'Ask the AI Advisor' for a signed-in user. 'Invest Now' is the offer card's (001 §2 marketplace list).
 */
export function MarketplaceOfferHeader({ offer, aboutPath, onAbout }: { offer: MarketplaceOffer; aboutPath: string; onAbout: boolean }) {
  const openCta = useOfferCta(offer);
  const subtitle = [
    offer.type ? offerTypeLabels[offer.type] : null,
    offer.assetClass ? offerAssetClassLabels[offer.assetClass] : null,
    listingStatusLabels[offer.listingStatus],
  ].filter(Boolean);

  return (
    <Stack spacing={2}>
      <Banner src={offer.bannerUrl} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ px: { xs: 2, sm: 0 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ flexShrink: 0 }}>
            <InstitutionLogoAvatar name={offer.institution.name} logoUrl={offer.institution.logoUrl} size={64} />
          </Box>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', typography: { xs: 'h5', sm: 'h4' } }}>
                {offer.name}
              </Typography>
              {/* Open offers show no badge, the others show theirs (002 §4). */}
              {offer.listingStatus !== 'open' && (
                <Chip
                  size="small"
                  color={listingStatusColors[offer.listingStatus]}
                  label={listingStatusLabels[offer.listingStatus]}
                  data-testid="listing-status-badge"
                />
              )}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {subtitle.join(' · ')}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          {offerCtaHasLabel(offer.primaryCTA) && (
            <Button variant="contained" onClick={() => openCta('primary')}>
              {offer.primaryCTA?.label}
            </Button>
          )}
          {offerCtaHasLabel(offer.secondaryCTA) && (
            <Button variant="outlined" onClick={() => openCta('secondary')}>
              {offer.secondaryCTA?.label}
            </Button>
          )}
          {!offerCtaHasLabel(offer.primaryCTA) && (
            <Button variant="contained" component={RouterLink} to={aboutPath}>
              Learn More
            </Button>
          )}
          {onAbout ? (
            <Button variant="text" disabled>
              View Details
            </Button>
          ) : (
            <Button variant="text" component={RouterLink} to={aboutPath}>
              View Details
            </Button>
          )}
          <AskAdvisorButton />
        </Stack>
      </Stack>
    </Stack>
  );
}
