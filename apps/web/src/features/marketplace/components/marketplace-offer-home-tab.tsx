import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SecondPass } from '../../../components/second-pass.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { CustomMetricsList, visibleMetrics } from './custom-metrics-list.tsx';
import { InstitutionSummaryCard } from './institution-summary-card.tsx';
import { ImageGallery, VideoList } from './marketplace-media.tsx';
import { useMarketplaceOfferContext } from './marketplace-offer-page.tsx';
import { OfferClassesTable } from './offer-classes-table.tsx';

/** The Home tab (001 §2): About with Read More, videos and gallery (visible items only), the institution, metrics and the classes. */
export function MarketplaceOfferHomeTab() {
  const { offer, base } = useMarketplaceOfferContext();
  const videos = offer.videos.filter((v) => !v.hidden);
  const images = offer.images.filter((i) => !i.hidden).map((i) => ({ id: i.id, src: i.src }));
  const metrics = visibleMetrics(offer.customMetrics);

  return (
    <Stack spacing={3}>
      <SectionCard title="About">
        <Typography sx={{ color: offer.descriptionShort ? 'text.primary' : 'text.secondary', whiteSpace: 'pre-line' }}>
          {offer.descriptionShort ?? 'No description yet.'}
        </Typography>
        <Button component={RouterLink} to={`${base}/about`} sx={{ alignSelf: 'flex-start' }}>
          Read More
        </Button>
      </SectionCard>
      {/* Below the fold on a phone: the page's first commit stops at About (components/second-pass.tsx). */}
      <SecondPass>
        {videos.length > 0 && (
          <SectionCard title="Videos">
            <VideoList videos={videos} title={offer.name} />
          </SectionCard>
        )}
        {images.length > 0 && (
          <SectionCard title="Gallery">
            <ImageGallery images={images} title={offer.name} />
          </SectionCard>
        )}
        <InstitutionSummaryCard institution={offer.institution} />
        {metrics.length > 0 && (
          <SectionCard title="Highlights">
            <CustomMetricsList metrics={metrics} />
          </SectionCard>
        )}
        <SectionCard title="Financials">
          <OfferClassesTable classes={offer.classes} />
        </SectionCard>
      </SecondPass>
    </Stack>
  );
}
