import { Box, Button, Card, Chip, Link, Stack, Typography } from '@mui/material';
import { offerAssetClassLabels, offerTypeLabels, type MarketplaceOfferCard } from '@tessera/domain';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInvestNow, offerPagePath } from '../hooks/use-invest-now.ts';
import { useOfferImpression } from '../hooks/use-offer-impression.ts';
import { OfferCardBanner } from './offer-card-banner.tsx';
import { OfferCardMetrics } from './offer-card-metrics.tsx';
import { OfferCardStatus } from './offer-card-status.tsx';

export type OfferCardView = 'grid' | 'list';

/** Class chips beyond this many fold into '+n'. */
const CLASS_CHIPS_MAX = 3;

const BANNER_SIZES: Record<OfferCardView, string> = {
  grid: '(min-width: 1200px) 360px, (min-width: 600px) 50vw, 100vw',
  list: '(min-width: 600px) 280px, 100vw',
};

interface OfferCardProps {
  offer: MarketplaceOfferCard;
  view?: OfferCardView;
}

/**
 * One offer of the marketplace (001 §2): banner, name, institution, asset class and type, class chips, the three
 * card metrics and 'Invest Now'. The whole card opens the offer's page (the name is the link, stretched over the
 * card), and the card records one impression when half of it is in view.
 */
export function OfferCard({ offer, view = 'grid' }: OfferCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useOfferImpression(ref, offer._id);
  const { investNow, pendingOffer } = useInvestNow();
  const labels = [offer.assetClass && offerAssetClassLabels[offer.assetClass], offer.type && offerTypeLabels[offer.type]].filter(Boolean);
  const chips = offer.classNames.slice(0, CLASS_CHIPS_MAX);
  const more = offer.classNames.length - chips.length;
  const list = view === 'list';

  return (
    <Card
      ref={ref}
      component="article"
      variant="outlined"
      aria-label={offer.name}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: list ? { xs: 'column', sm: 'row' } : 'column',
        height: '100%',
        transition: (theme) => theme.transitions.create(['box-shadow', 'border-color']),
        '&:hover, &:focus-within': { boxShadow: 4, borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ position: 'relative', flexShrink: 0, width: list ? { xs: '100%', sm: 280 } : '100%' }}>
        <OfferCardBanner src={offer.bannerUrl} sizes={BANNER_SIZES[view]} />
        <Box sx={{ position: 'absolute', top: 8, left: 8 }}>
          <OfferCardStatus status={offer.listingStatus} />
        </Box>
      </Box>
      <Stack spacing={1.5} sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" component="p" noWrap sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {offer.institution.name}
          </Typography>
          <Typography variant="h6" component="h3" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            <Link
              component={RouterLink}
              to={offerPagePath(offer)}
              underline="hover"
              color="inherit"
              // The link covers the whole card, so a click anywhere opens the offer (the button sits above it).
              sx={{ '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 }, '&:focus-visible': { outline: 'none' } }}
            >
              {offer.name}
            </Link>
          </Typography>
          {labels.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25 }}>
              {labels.join(' · ')}
            </Typography>
          )}
        </Box>
        {chips.length > 0 && (
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} aria-label="Classes">
            {chips.map((name, i) => (
              <Chip key={`${name}-${i}`} size="small" variant="outlined" label={name} sx={{ maxWidth: '100%' }} />
            ))}
            {more > 0 && <Chip size="small" variant="outlined" label={`+${more}`} aria-label={`${more} more classes`} />}
          </Stack>
        )}
        {list && offer.descriptionShort && (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {offer.descriptionShort}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Stack
          direction={list ? { xs: 'column', md: 'row' } : 'column'}
          spacing={1.5}
          sx={{ alignItems: list ? { md: 'flex-end' } : undefined }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <OfferCardMetrics offer={offer} />
          </Box>
          <Button
            variant="contained"
            onClick={() => investNow(offer)}
            loading={pendingOffer === offer._id}
            aria-label={`Invest Now in ${offer.name}`}
            sx={{ position: 'relative', zIndex: 1, alignSelf: list ? { md: 'center' } : undefined, whiteSpace: 'nowrap' }}
          >
            Invest Now
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
