import { Box, Chip, Stack, Typography } from '@mui/material';
import { listingStatusLabels, OFFER_DATE_FORMAT, offerAssetClassLabels, offerTypeLabels, securitiesExemptionLabels } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import type { ReactNode } from 'react';
import { RichText } from '../../../components/rich-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { InstitutionSummaryCard } from './institution-summary-card.tsx';
import { useMarketplaceOfferContext } from './marketplace-offer-page.tsx';
import { OfferClassesTable } from './offer-classes-table.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const factGrid = { m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } } as const;

/** The About tab (001 §2): description, financials, progress (status and dates), classifications and the institution. */
export function MarketplaceOfferAboutTab() {
  const { offer } = useMarketplaceOfferContext();
  return (
    <Stack spacing={3}>
      <SectionCard title="Description">
        {offer.description ? (
          <RichText html={offer.description} />
        ) : (
          <Typography sx={{ color: offer.descriptionShort ? 'text.primary' : 'text.secondary' }}>
            {offer.descriptionShort ?? 'No description yet.'}
          </Typography>
        )}
      </SectionCard>
      <SectionCard title="Financials">
        <OfferClassesTable classes={offer.classes} />
      </SectionCard>
      <SectionCard title="Progress">
        <Box component="dl" sx={factGrid}>
          <Fact label="Status">{listingStatusLabels[offer.listingStatus]}</Fact>
          <Fact label="Date Opened">{formatDate(offer.openDate, OFFER_DATE_FORMAT)}</Fact>
          <Fact label="Date Closed">{formatDate(offer.closeDate, OFFER_DATE_FORMAT)}</Fact>
        </Box>
      </SectionCard>
      <SectionCard title="Classifications">
        <Box component="dl" sx={factGrid}>
          <Fact label="Asset Class">{offer.assetClass ? offerAssetClassLabels[offer.assetClass] : '-'}</Fact>
          <Fact label="Type">{offer.type ? offerTypeLabels[offer.type] : '-'}</Fact>
          <Fact label="Federal Exemptions and Exclusions">
            {offer.fedExemptionExclusions.length === 0 ? (
              '-'
            ) : (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {offer.fedExemptionExclusions.map((e) => (
                  <Chip key={e} size="small" variant="outlined" label={securitiesExemptionLabels[e]} sx={{ maxWidth: '100%' }} />
                ))}
              </Box>
            )}
          </Fact>
        </Box>
      </SectionCard>
      <InstitutionSummaryCard institution={offer.institution} />
    </Stack>
  );
}
